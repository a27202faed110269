// RowBatch: finished entities on their way from the simulator to a database
// writer, as plain rows: ids as the registry gave them, names copied where a
// table holds them, user-defined fields already turned into JSON text ("" is
// SQL NULL). Owning everything, a batch can cross threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/entity.h"

namespace tracedb {

// Where a record's JSON text lies in its batch's `text`: all of a batch's
// texts in one string, not one allocation per row, which the simulator's
// thread would make and the writer's free (size 0: SQL NULL).
struct TextSpan {
  uint32_t offset = 0;
  uint32_t size = 0;
};

struct TypeRecord {
  uint32_t id;
  int64_t parent;  // -1: none (the root type)
  std::string kind;
  std::string name;
  std::string alias;
  int64_t start_type;  // link types only, else -1
  int64_t end_type;
};

struct ValueRecord {
  uint32_t id;
  uint32_t type;
  std::string name;
  std::string alias;
  std::string color;
};

struct ContainerRecord {
  uint32_t id;
  int64_t parent;  // -1: none (the root container)
  uint32_t type;
  std::string name;
  std::string alias;
  double start;
  double end;
  TextSpan extra;
  std::string path = {};  // names from the root's child down, "node1/thread 1"; "": NULL
};

struct StateRecord {
  uint32_t container;
  uint32_t type;
  uint32_t value;
  // Searched by duration class (summary/long_states.h); in the padding
  // before `start`, so that a batch's states take no more memory.
  bool long_state = false;
  double start;
  double end;
  uint32_t depth;
  TextSpan extra;
  uint32_t parent_value = kNoValue;  // of the state below, none at depth 0 (not stored)
  uint32_t path = kNoPath;           // model/call_paths.h (not stored)
  uint32_t parent_path = kNoPath;    // of the state below (not stored)
  // When the state below started; NaN (NULL) at depth 0.
  double parent_start = std::numeric_limits<double>::quiet_NaN();
};

static_assert(sizeof(StateRecord) == 64, "a batch holds many: keep them small");

struct EventRecord {
  uint32_t container;
  uint32_t type;
  int64_t value;  // -1: none, the value is a number
  double time;
  TextSpan extra;
  std::optional<int64_t> number;  // the value, when it is a number
};

struct VariableRecord {
  uint32_t container;
  uint32_t type;
  double start;
  double end;
  double value;
  TextSpan extra;
};

// 80 bytes, not 120: the key in the batch's text and the flags of size and
// tag in padding, where a std::string and two std::optionals took 72. A
// batch of a link-heavy trace holds tens of thousands, and every batch in
// flight or in the pool keeps room for as many as it ever held.
struct LinkRecord {
  uint32_t container;
  uint32_t type;
  uint32_t value;
  bool has_size = false;  // else size is unknown: SQL NULL
  bool has_tag = false;
  TextSpan key;             // never NULL, possibly empty
  int64_t start_container;  // -1: the half never came
  int64_t end_container;
  double start;
  double end;
  TextSpan extra;
  int64_t size_value = 0;
  int64_t tag_value = 0;

  std::optional<int64_t> size() const {
    return has_size ? std::optional(size_value) : std::nullopt;
  }
  std::optional<int64_t> tag() const { return has_tag ? std::optional(tag_value) : std::nullopt; }
};

static_assert(sizeof(LinkRecord) == 80, "a batch holds many: keep them small");

// Summaries (summary/trace_summarizer.h): one row per (container, type,
// value), never per entity.
struct StateSummaryRecord {
  uint32_t container;
  uint32_t type;
  uint32_t value;
  int64_t count;
  double inclusive;  // seconds, as the trace's unit
  double exclusive;
  double min;
  double max;
};

struct EventSummaryRecord {
  uint32_t container;
  uint32_t type;
  int64_t value;  // -1: numbered events (no value row)
  int64_t count;
};

struct VariableSummaryRecord {
  uint32_t container;
  uint32_t type;
  int64_t count;
  double min;
  double max;
  double mean;  // time-weighted; NaN when every interval is empty (NULL)
  double start;
  double end;
};

// One pair's totals. Plain data: spilled to files as it is
// (summary/link_matrix.h).
struct LinkSummaryRecord {
  uint32_t type;
  int64_t start_container;  // -1: the half never came
  int64_t end_container;
  int64_t messages;
  int64_t bytes;   // -1: no size known
  double seconds;  // of the links; NaN (NULL) for a pair with a missing half
};

struct ProfileRecord {
  uint32_t type;
  uint32_t value;
  uint32_t bin;
  double bin_start;
  double bin_end;
  double seconds;
};

// The trace's states of one duration class (model/duration_class.h).
struct DurationRecord {
  int32_t duration_class;
  int64_t count;
  double min;
  double max;
  double seconds;    // their total
  double short_max;  // the longest without long_state; NaN (NULL) if all have it
};

// One call path's totals in one container (summary/trace_summarizer.h,
// model/call_paths.h).
struct CallPathRecord {
  uint32_t path;    // its id without kOtherPathsBit
  uint32_t parent;  // kNoPath (NULL) at depth 0 and for "(other paths)"
  uint32_t container;
  uint32_t type;
  uint32_t value;  // kNoValue (NULL): the (container, type)'s "(other paths)"
  uint32_t depth;
  int64_t count;
  double inclusive;
  double exclusive;
};

struct RowBatch {
  std::vector<TypeRecord> types;
  std::vector<ValueRecord> values;
  std::vector<ContainerRecord> containers;
  std::vector<StateRecord> states;
  std::vector<EventRecord> events;
  std::vector<VariableRecord> variables;
  std::vector<LinkRecord> links;
  std::vector<StateSummaryRecord> state_summaries;
  std::vector<EventSummaryRecord> event_summaries;
  std::vector<VariableSummaryRecord> variable_summaries;
  std::vector<LinkSummaryRecord> link_summaries;
  std::vector<ProfileRecord> profile;
  std::vector<DurationRecord> durations;
  std::vector<CallPathRecord> call_paths;
  std::string text;  // the records' `extra` texts, one after another

  std::string_view Text(TextSpan span) const {
    return std::string_view(text).substr(span.offset, span.size);
  }

  // Empties every table, keeping the memory (sink/batch_pool.h).
  void Clear() {
    text.clear();
    types.clear();
    values.clear();
    containers.clear();
    states.clear();
    events.clear();
    variables.clear();
    links.clear();
    state_summaries.clear();
    event_summaries.clear();
    variable_summaries.clear();
    link_summaries.clear();
    profile.clear();
    durations.clear();
    call_paths.clear();
  }

  size_t rows() const {
    return types.size() + values.size() + containers.size() + states.size() + events.size() +
           variables.size() + links.size() + state_summaries.size() + event_summaries.size() +
           variable_summaries.size() + link_summaries.size() + profile.size() + durations.size() +
           call_paths.size();
  }
};

}  // namespace tracedb
