#include "format/paje/event_sequencer.h"

#include <cstdint>

#include "format/paje/line_decoder.h"
#include "model/input_error.h"

namespace tracedb::paje {
namespace {

// A parser worker wrote each event's tokens on another core: left to the
// hardware, the simulator waited for them line after line (a third of its
// time in the 1 GB trace's dump). Asking for them a few events ahead: dump
// of that trace 4.3 -> 3.4 s, of the 100 MB one 0.47 -> 0.37 s. Any
// distance from 4 to 16 did as well.
constexpr size_t kPrefetchAhead = 8;

// The first two cache lines of its tokens (a line has 6 to 9). A prefetch
// never faults, so the second may lie past the list's end; the address is
// computed as an integer, which no sanitizer minds.
void Prefetch(const Event& e) {
  const auto address = reinterpret_cast<uintptr_t>(e.tokens);
  __builtin_prefetch(reinterpret_cast<const void*>(address));
  __builtin_prefetch(reinterpret_cast<const void*>(address + 64));
}

// The text the simulator will read: a link half's key, which it matches
// by, and the container's name when no parser resolved it (a container
// made since their names were copied). The parser read that line long
// before, and it had left the caches: that load was 55% of
// PreviewLinkHalf's perf samples. The event's tokens were asked for
// kPrefetchAhead events before, so finding the text costs no wait.
// Inline by force: GCC took a function that only prefetches for one with no
// effect, and dropped its calls, noinline or not.
[[gnu::always_inline]] inline void PrefetchText(const Event& e) {
  if (e.kind == EventKind::kStartLink || e.kind == EventKind::kEndLink) {
    __builtin_prefetch(e.Get(Field::kKey).data());
  }
  if (e.container_id == kUnresolved) __builtin_prefetch(e.Get(Field::kContainer).data());
}

}  // namespace

void EventSequencer::Deliver(ParsedBlock& block, const EventConsumer& consume,
                             const EventLookahead& lookahead) {
  size_t next_deferred = 0;
  std::vector<Event>& events = block.batch.events;
  bool look = static_cast<bool>(lookahead);
  for (size_t i = 0; i <= events.size(); ++i) {
    while (next_deferred < block.deferred.size() &&
           block.deferred[next_deferred].before_event == i) {
      DeliverDeferred(block.deferred[next_deferred++], consume);
    }
    if (i == events.size()) break;
    if (i + kPrefetchAhead < events.size()) Prefetch(events[i + kPrefetchAhead]);
    if (i + kPrefetchAhead / 2 < events.size()) PrefetchText(events[i + kPrefetchAhead / 2]);
    if (look && i + 2 * kPrefetchAhead < events.size()) {
      look = lookahead(events[i + 2 * kPrefetchAhead], events[i + kPrefetchAhead]);
    }
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
