// TraceSummarizer: the summaries of a load (state, event, variable and link
// summaries, the state profile, the states by duration class, the call
// paths;
// model/row_batch.h), computed from the rows
// as they stream from the simulator to the writer, so that no pass over the
// stored rows is needed. Memory is per (container, type, value), never per
// entity: its tables grow with the trace's containers and values, not with
// its length (the link matrix is capped, summary/link_matrix.h).
//
// Exclusive time: each state adds its duration to its own value's inclusive
// and exclusive time, and subtracts it from the exclusive time of the value
// of the state it was pushed on (StateRecord::parent_value), whatever the
// order in which the two reach the summarizer.
//
// The states come with long_state set (summary/long_states.h, or as
// stored): state_duration keeps, per class, the longest state without it.
//
// Threading: one object per load, used from one thread (the writer's).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "model/row_batch.h"
#include "summary/call_path_totals.h"
#include "summary/keyed_totals.h"
#include "summary/link_matrix.h"
#include "summary/profile_bins.h"

namespace tracedb {

// state_profile's bins unless told (ingest --profile-bins).
inline constexpr uint32_t kDefaultProfileBins = 1000;

class TraceSummarizer {
 public:
  explicit TraceSummarizer(uint32_t profile_bins, size_t max_link_pairs = kDefaultLinkPairs);

  void Add(const RowBatch& batch);
  // Hands every summary row to `write`, in batches of about `batch_rows`
  // rows (the link matrix can be as large as the trace's container count
  // squared).
  void Finish(size_t batch_rows, const std::function<void(const RowBatch&)>& write);

 private:
  struct StateTotals {
    int64_t count = 0;
    double inclusive = 0;
    double exclusive = 0;
    double min = 0;
    double max = 0;
  };
  struct DurationTotals {
    int64_t count = 0;
    double min = 0;
    double max = 0;
    double seconds = 0;
    int64_t short_count = 0;  // states without long_state
    double short_max = 0;     // the longest of them
  };
  struct VariableTotals {
    int64_t count = 0;
    double min = 0;
    double max = 0;
    double weighted = 0;  // sum of value * duration
    double seconds = 0;   // sum of durations
    double start = 0;
    double end = 0;
  };

  // Writes the batch out when it is full.
  using Spill = std::function<void()>;

  void AddState(const StateRecord& s);
  void AddVariable(const VariableRecord& v);
  void FinishStates(RowBatch& batch, const Spill& spill) const;
  void FinishEvents(RowBatch& batch, const Spill& spill) const;
  void FinishVariables(RowBatch& batch, const Spill& spill) const;
  void FinishDurations(RowBatch& batch) const;

  KeyedTotals<StateTotals> states_;
  KeyedTotals<int64_t> events_;
  KeyedTotals<VariableTotals> variables_;
  std::vector<DurationTotals> durations_;  // by class, from kShortestDurationClass
  LinkMatrix links_;
  ProfileBins profile_;
  CallPathTotals call_paths_;
};

}  // namespace tracedb
