#include "format/paje/event_sequencer.h"

#include "format/paje/line_decoder.h"
#include "model/input_error.h"

namespace tracedb::paje {
void EventSequencer::Deliver(ParsedBlock& block, const EventConsumer& consume) {
  size_t next_deferred = 0;
  std::vector<Event>& events = block.batch.events;
  for (size_t i = 0; i <= events.size(); ++i) {
    while (next_deferred < block.deferred.size() &&
           block.deferred[next_deferred].before_event == i) {
      DeliverDeferred(block.deferred[next_deferred++], consume);
    }
    if (i == events.size()) break;
    events[i].line += lines_;
    consume(events[i]);
  }
  latin1_.Add(block.latin1, lines_);
  lines_ += block.line_count;
}

Latin1Lines EventSequencer::latin1() const {
  Latin1Lines all = latin1_;
  all.Add(header_.latin1(), 0);
  return all;
}

void EventSequencer::DeliverDeferred(const DeferredLine& deferred, const EventConsumer& consume) {
  uint64_t line = lines_ + deferred.line;
  std::string_view text = deferred.text;
  if (std::string problem = NulProblem(text); !problem.empty()) {
    // A header line cannot be skipped: the definitions after it depend on it.
    if (IsHeaderLine(text)) throw ProblemError(line, problem);
    return bad_lines_->Report(line, problem);
  }
  if (IsHeaderLine(text)) {
    header_.Feed(text.substr(text.find('%')), line);
    return;
  }
  Event event;
  std::string problem;
  tokens_.clear();
  switch (ParseLine(text, *header_.table(), &tokens_, &event, &problem)) {
    case LineResult::kEvent:
      recoded_.clear();
      if (RecodeTexts(tokens_, &recoded_)) latin1_.Add(line);
      event.tokens = tokens_.data();
      event.line = line;
      consume(event);
      return;
    case LineResult::kBlank:
      return;
    case LineResult::kUnknownId:
      return bad_lines_->Report(line, "event id '" + std::string(tokens_[0]) + "' is not defined");
    case LineResult::kBad:
      return bad_lines_->Report(line, problem);
  }
}

}  // namespace tracedb::paje
