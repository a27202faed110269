// EventSequencer: the in-order half of reading a Pajé trace. It takes the
// parsed blocks in file order, turns block-relative line numbers into file
// line numbers, reads the header lines, decodes the lines the parser had to
// leave (ids defined after its snapshot) and hands every event, in order,
// to the consumer.
//
// Threading: one thread. table() is the snapshot to parse the next block
// with; it is safe to hand to other threads.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "format/paje/block_parser.h"
#include "format/paje/header_parser.h"

namespace tracedb::paje {

using EventConsumer = std::function<void(const Event&)>;

class EventSequencer {
 public:
  std::shared_ptr<const DefinitionTable> table() const { return header_.table(); }

  // Throws ProblemError (with the file line) for a bad line of the block or
  // whatever the consumer throws.
  // Events are handed on in place (their line numbers made absolute).
  void Deliver(ParsedBlock& block, const EventConsumer& consume);
  // The end of the input: an unfinished %EventDef is an error.
  void Finish() const { header_.Finish(lines_); }

  uint64_t lines() const { return lines_; }

 private:
  void DeliverDeferred(const DeferredLine& deferred, const EventConsumer& consume);

  HeaderParser header_;
  uint64_t lines_ = 0;  // lines before the current block
  std::vector<std::string_view> tokens_;
};

}  // namespace tracedb::paje
