// EventSequencer: the in-order half of reading a Pajé trace. It takes the
// parsed blocks in file order, turns block-relative line numbers into file
// line numbers, reads the header lines, decodes the lines the parser had to
// leave (ids defined after its snapshot, bad lines) and hands every event,
// in order, to the consumer. A bad body line goes to BadLines, which fails
// the read or skips the line; a bad header line always fails it, since every
// later line depends on the definitions. It counts the lines read as
// Latin-1 (model/latin1_text.h), the workers' and its own, for the warning.
//
// Threading: one thread. table() is the snapshot to parse the next block
// with; it is safe to hand to other threads. The BadLines outlives it.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "format/paje/block_parser.h"
#include "format/paje/header_parser.h"
#include "model/bad_lines.h"

namespace tracedb::paje {

using EventConsumer = std::function<void(const Event&)>;
// Two events not consumed yet, `far` twice as far ahead as `near`; returns
// whether it wants the next ones of the block too (false: a call a block).
using EventLookahead = std::function<bool(const Event& far, const Event& near)>;

class EventSequencer {
 public:
  explicit EventSequencer(BadLines* bad_lines) : bad_lines_(bad_lines) {}

  std::shared_ptr<const DefinitionTable> table() const { return header_.table(); }

  // Throws ProblemError (with the file line) for a bad header line, a bad
  // body line that BadLines does not skip, or whatever the consumer throws.
  // Events are handed on in place (their line numbers made absolute).
  void Deliver(ParsedBlock& block, const EventConsumer& consume,
               const EventLookahead& lookahead = {});
  // The end of the input: an unfinished %EventDef is an error.
  void Finish() const { header_.Finish(lines_); }

  uint64_t lines() const { return lines_; }
  // The lines so far with bytes that are not UTF-8, read as Latin-1.
  Latin1Lines latin1() const;

 private:
  void DeliverDeferred(const DeferredLine& deferred, const EventConsumer& consume);

  BadLines* bad_lines_;
  HeaderParser header_;
  uint64_t lines_ = 0;  // lines before the current block
  std::vector<std::string_view> tokens_;
  std::deque<std::string> recoded_;  // of the deferred line being delivered
  Latin1Lines latin1_;               // of the body lines; header_ has its own
};

}  // namespace tracedb::paje
