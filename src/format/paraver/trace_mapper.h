// TraceMapper: Paraver records -> tracedb's entities, exactly as
// paraver-format.md ("The mapping onto tracedb's entities") says:
//
//   root 0 -> Application "APPL a" -> Task "TASK a.t" -> Thread "THREAD a.t.h"
//   root 0 -> Node "NODE n" -> CPU "CPU c"       (with a resource model)
//   state record  -> State on the thread, depth 0, user field cpu
//   event record  -> one Event per TYPE:VALUE, user field cpu; its value a
//                    value row when the .pcf labels it, else a number
//                    (EventRow::number), but beyond 64-bit integers;
//                    except ("Mapping 2") pairs of interval types, which
//                    open and close nested states (interval_events.h),
//                    and counter samples, which become variables of their
//                    rate (counter_samples.h)
//   comm record   -> Communication link in the root; user fields lsend,
//                    lrecv, size, send_cpu, recv_cpu (all JSON numbers);
//                    key: its ordinal; size and tag also as the row's own
//
// Names come from the .row file, labels from the .pcf; what they do not
// name keeps its default name (a renamed object keeps the default as its
// alias, so identifiers stay unique). Types and values enter the Registry
// when first used.
//
// Streaming: rows leave as records arrive, in file order; only states whose
// END is -1 wait, because they end at the end of the trace, known at
// Finish(): the larger of the header's END_TIME and the largest time of any
// record. Containers, which all live from 0 to that end, leave at Finish().
//
// Times: seconds = raw ticks * seconds_per_tick (a double product, so that
// raw = round(seconds / seconds_per_tick) exactly while |raw| < 2^51); the
// link fields lsend and lrecv are exact decimal text.
//
// Memory stays bounded however many distinct counter values a trace holds:
// unlabelled event values are numbers, which name nothing. What still makes
// a value row of a number, a link's tag and an event value beyond 64-bit
// integers, is remembered (RecentIds; the Registry keeps its value pinned
// meanwhile) while it is in use, and likely forgotten once some
// kRecentValues other new numbers came without it. One seen again after that
// gets a value id (and value row) anew: names, and so every dump, stay
// exact; only such a rarely used number may have two ids.
//
// Runs on one thread (the in-order stage); not thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "format/paraver/counter_samples.h"
#include "format/paraver/header.h"
#include "format/paraver/id_table.h"
#include "format/paraver/interval_events.h"
#include "format/paraver/pcf_labels.h"
#include "format/paraver/recent_ids.h"
#include "format/paraver/record.h"
#include "format/paraver/row_names.h"
#include "format/trace_format.h"
#include "model/call_paths.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb::paraver {

// The largest raw time sure to survive the trip through seconds in a
// double: the relative error of the product and the quotient, 2^-52 in
// all, stays under half a tick below 2^51 ticks.
inline constexpr int64_t kMaxExactTicks = (int64_t{1} << 51) - 1;

// The Registry's window of numbered values (sim/registry.h). What is pinned
// is kept anyway, but a window wider than the numbers remembered lets most
// pinned values be unpinned before they leave it, so that few need keeping
// aside; and it must outlast the sinks' lag (sink/batching_sink.h).
inline constexpr size_t kNumberedValueWindow = size_t{1} << 18;

class TraceMapper {
 public:
  // Declares the types and containers. Keeps references to all arguments.
  // Of `options` it takes simulator.keep_extras (user fields on every row:
  // dump -u, ingest) and exact_seconds (refuse times beyond kMaxExactTicks).
  // `recent_values`: RecentIds capacity, at most kNumberedValueWindow / 2.
  TraceMapper(const ParaverHeader& header, const PcfLabels& pcf, const RowNames& names,
              const ReadOptions& options, size_t recent_values, Registry* registry,
              EntitySink* sink);

  // Emits the rows of record `r` of `block`, at file line `line`. Throws
  // ProblemError (with the line) when exact_seconds is on and a time is too
  // large; the record then changes nothing, so that its line can be skipped.
  void Apply(const ParsedRecords& block, const Record& r, uint64_t line);
  // Emits the open states and every container.
  void Finish();

  uint64_t records() const { return records_; }
  int64_t end_ticks() const { return end_ticks_; }
  double Seconds(int64_t ticks) const {
    return static_cast<double>(ticks) * header_.seconds_per_tick;
  }

 private:
  struct OpenState {
    uint32_t container;
    uint32_t value;
    int64_t begin;
    uint32_t cpu;
  };
  void DeclareTypes();
  void DeclareContainers();
  uint32_t AddContainer(std::string default_name, std::string_view label, uint32_t type,
                        uint32_t parent);
  void CheckTimes(const Record& r, const ParsedRecords& block) const;
  void CheckTime(int64_t ticks) const;
  void See(int64_t ticks);
  void State(const Record& r);
  void Events(const Record& r, const ParsedRecords& block);
  void Link(const Record& r, const CommDetail& c);
  uint32_t StateValue(int64_t state);
  uint32_t EventType(int64_t type);
  void SetEventValue(EventRow& row, int64_t paraver_type, EventValue value);
  // The value row of a value the .pcf labels; nullopt for any other.
  std::optional<uint32_t> LabelledValueId(uint32_t type, int64_t paraver_type, EventValue value);
  // The value row named by the number, for one beyond 64-bit integers.
  uint32_t NumberedValueId(uint32_t type, EventValue value);
  uint32_t TagValue(int64_t tag);
  // Where event values and tags are looked up: per type, and per sign (-0 is
  // not 0).
  static uint32_t ValueSpace(uint32_t type, bool negative) { return type * 2 + (negative ? 1 : 0); }
  // The id of a number already made a value of `space`, if still known.
  std::optional<uint32_t> KnownValue(uint64_t magnitude, uint32_t space);
  // Made, pinned, remembered.
  uint32_t NewNumberedValue(uint32_t type, bool negative, uint64_t magnitude);
  Extras CpuField(uint32_t cpu) const;
  std::string ExactSeconds(int64_t ticks) const;

  const ParaverHeader& header_;
  const PcfLabels& pcf_;
  const RowNames& names_;
  const ReadOptions& options_;
  Registry* registry_;
  EntitySink* sink_;

  uint32_t application_type_ = 0, task_type_ = 0, thread_type_ = 0;
  uint32_t state_type_ = 0, link_type_ = 0;
  std::vector<uint32_t> thread_containers_;  // by global thread index
  IdTable state_values_;                     // STATE -> value id
  IdTable event_types_;                      // TYPE -> type id
  // Event values and tags: (magnitude, ValueSpace) -> value id.
  IdTable labelled_values_;
  RecentIds recent_values_;  // unlabelled numbers
  std::vector<OpenState> open_states_;
  CallPaths call_paths_;                     // of the states and the interval states
  std::optional<IntervalEvents> intervals_;  // made once the types are declared
  std::optional<CounterSamples> counters_;
  int64_t end_ticks_;
  uint64_t records_ = 0;
  uint64_t links_ = 0;
  uint64_t line_ = 0;  // of the record being mapped
};

}  // namespace tracedb::paraver
