// ParseBlock: turns a block of whole lines into Events, against a snapshot
// of the event definitions. It is the parallel part of reading a trace:
// it needs no state from the blocks before it, so several workers can parse
// different blocks of one file at once.
//
// What a worker cannot decide alone is left for the in-order stage
// (paje_reader.h): header (`%`) lines, lines whose id is not in the
// snapshot (it may be defined by a header line earlier in the file that the
// in-order stage has not read yet), and bad lines, which the in-order stage
// parses again to fail or skip them in file order (model/bad_lines.h): the
// block goes on after them. Line numbers are relative to the block.
//
// The tokens of an event that are not UTF-8 are read as Latin-1
// (model/latin1_text.h); a deferred line keeps its bytes as they are. Blocks
// that are all ASCII, nearly every block of nearly every trace, are told
// by one quick scan and cost nothing more.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "format/paje/event_definition.h"
#include "model/latin1_text.h"
#include "model/paje_event.h"

namespace tracedb::paje {

struct DeferredLine {
  size_t before_event;  // its place: before events[before_event]
  uint64_t line;        // relative to the block, 1-based
  std::string_view text;
};

struct ParsedBlock {
  EventBatch batch;
  std::vector<DeferredLine> deferred;
  uint64_t line_count = 0;
  Latin1Lines latin1;  // the event lines read as Latin-1
};

ParsedBlock ParseBlock(std::shared_ptr<const std::string> text, const DefinitionTable& table);

// A `%` line (header), possibly after blanks.
bool IsHeaderLine(std::string_view line);

// What is wrong with a line that holds a NUL byte ("" when none does): no
// trace writes one, but a crashed tracer leaves zero-filled blocks, and a
// NUL would end the value in C programs that read it back.
std::string NulProblem(std::string_view line);

// Splits a line into tokens appended to *tokens and decodes it (shared with
// the in-order stage). The event's tokens start at the old end of *tokens;
// whatever the result, the tokens stay for the caller to drop.
enum class LineResult { kEvent, kBlank, kUnknownId, kBad };
LineResult ParseLine(std::string_view line, const DefinitionTable& table,
                     std::vector<std::string_view>* tokens, Event* event, std::string* problem);

}  // namespace tracedb::paje
