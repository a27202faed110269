#include "summary/trace_summarizer.h"

#include <algorithm>
#include <limits>

#include "model/duration_class.h"

namespace tracedb {
namespace {

// The link matrix goes to the writer in batches this large at most: the
// matrix is in memory as well then, unless it was spilled.
constexpr size_t kLinkRowsPerBatch = 50'000;

}  // namespace

TraceSummarizer::TraceSummarizer(uint32_t profile_bins, size_t max_link_pairs)
    : durations_(kOverflowDurationClass - kShortestDurationClass + 1),
      links_(max_link_pairs),
      profile_(profile_bins) {}

void TraceSummarizer::Add(const RowBatch& batch) {
  for (const StateRecord& s : batch.states) AddState(s);
  for (const EventRecord& e : batch.events) {
    ++events_[{e.container, e.type, e.value}];  // -1: a numbered event
  }
  for (const VariableRecord& v : batch.variables) AddVariable(v);
  for (const LinkRecord& l : batch.links) links_.Add(l);
}

void TraceSummarizer::AddState(const StateRecord& s) {
  double seconds = s.end - s.start;
  StateTotals& t = states_[{s.container, s.type, s.value}];
  t.min = t.count == 0 ? seconds : std::min(t.min, seconds);
  t.max = t.count == 0 ? seconds : std::max(t.max, seconds);
  ++t.count;
  t.inclusive += seconds;
  t.exclusive += seconds;
  DurationTotals& d = durations_[DurationClass(s.start, s.end) - kShortestDurationClass];
  d.min = d.count == 0 ? seconds : std::min(d.min, seconds);
  d.max = d.count == 0 ? seconds : std::max(d.max, seconds);
  ++d.count;
  d.seconds += seconds;
  if (!s.long_state) {
    d.short_max = d.short_count++ == 0 ? seconds : std::max(d.short_max, seconds);
  }
  profile_.Add(s.type, s.value, s.start, s.end, 1);
  call_paths_.Add(s);
  if (s.parent_value == kNoValue) return;
  states_[{s.container, s.type, s.parent_value}].exclusive -= seconds;
  profile_.Add(s.type, s.parent_value, s.start, s.end, -1);
}

void TraceSummarizer::AddVariable(const VariableRecord& v) {
  double seconds = v.end - v.start;
  VariableTotals& t = variables_[{v.container, v.type, 0}];
  bool first = t.count++ == 0;
  t.min = first ? v.value : std::min(t.min, v.value);
  t.max = first ? v.value : std::max(t.max, v.value);
  t.start = first ? v.start : std::min(t.start, v.start);
  t.end = first ? v.end : std::max(t.end, v.end);
  t.weighted += v.value * seconds;
  t.seconds += seconds;
}

void TraceSummarizer::Finish(size_t batch_rows,
                             const std::function<void(const RowBatch&)>& write) {
  RowBatch batch;
  // Rows go out as they are made: the summaries of 50,000 containers are a
  // million rows, tens of MB held beside the maps they come from.
  size_t limit = std::max<size_t>(batch_rows, 1);
  Spill spill = [&] {
    if (batch.rows() < limit) return;
    write(batch);
    batch.Clear();
  };
  FinishStates(batch, spill);
  FinishEvents(batch, spill);
  FinishVariables(batch, spill);
  FinishDurations(batch);
  call_paths_.Finish(&batch.call_paths, spill);
  profile_.AppendRecords(&batch.profile, spill);
  write(batch);
  batch.Clear();
  links_.Drain(std::min<size_t>(batch_rows, kLinkRowsPerBatch), [&](std::vector<LinkSummaryRecord>& rows) {
    batch.link_summaries.swap(rows);
    write(batch);
    batch.link_summaries.clear();
  });
}

void TraceSummarizer::FinishEvents(RowBatch& batch, const Spill& spill) const {
  events_.ForEach([&](const SummaryKey& k, int64_t count) {
    batch.event_summaries.push_back({k.container, k.type, k.value, count});
    spill();
  });
}

void TraceSummarizer::FinishStates(RowBatch& batch, const Spill& spill) const {
  states_.ForEach([&](const SummaryKey& k, const StateTotals& t) {
    // A parent's entry is made by its children; the parent itself always
    // comes too, but a row without states would not be a summary of any.
    if (t.count == 0) return;
    batch.state_summaries.push_back({.container = k.container,
                                     .type = k.type,
                                     .value = static_cast<uint32_t>(k.value),
                                     .count = t.count,
                                     .inclusive = t.inclusive,
                                     .exclusive = t.exclusive,
                                     .min = t.min,
                                     .max = t.max});
    spill();
  });
}

void TraceSummarizer::FinishVariables(RowBatch& batch, const Spill& spill) const {
  variables_.ForEach([&](const SummaryKey& k, const VariableTotals& t) {
    double mean = t.seconds > 0 ? t.weighted / t.seconds : std::numeric_limits<double>::quiet_NaN();
    batch.variable_summaries.push_back({.container = k.container,
                                        .type = k.type,
                                        .count = t.count,
                                        .min = t.min,
                                        .max = t.max,
                                        .mean = mean,
                                        .start = t.start,
                                        .end = t.end});
    spill();
  });
}

void TraceSummarizer::FinishDurations(RowBatch& batch) const {
  for (size_t i = 0; i < durations_.size(); ++i) {
    const DurationTotals& d = durations_[i];
    if (d.count == 0) continue;
    batch.durations.push_back({.duration_class = static_cast<int32_t>(i) + kShortestDurationClass,
                               .count = d.count,
                               .min = d.min,
                               .max = d.max,
                               .seconds = d.seconds,
                               .short_max = d.short_count > 0
                                                ? d.short_max
                                                : std::numeric_limits<double>::quiet_NaN()});
  }
}

}  // namespace tracedb
