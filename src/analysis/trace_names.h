// TraceNames: what the analysis commands need to show a trace's ids as
// names: its types, the values of its state types (with their colours) and
// its containers (name, path, parent, lifetime), read by id in the caller's
// snapshot. A container's path is its name where the stored path is NULL
// (the root, or a path past 4,096 characters), so that every row has a
// label, and a path that several containers share is followed by each
// one's alias, "grid/rank [r0]" (by its id, "[#3]", where the aliases do
// not tell them apart), so that every label is one container. A reference to an id the trace lacks
// (a database edited by hand) is a DbError naming the database.
//
// Plain data, read once and then only looked at; no threading concerns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "db/stored_trace_reader.h"

namespace tracedb {

struct TypeName {
  std::string kind;  // "container", "state", "event", "variable", "link"
  std::string name;
};

struct ValueName {
  int64_t type_id = 0;
  std::string name;
  std::optional<std::string> color;  // as the trace wrote it
};

struct ContainerName {
  std::optional<int64_t> parent_id;  // none for the root
  std::string name;
  std::string path;  // the stored path, else the name; made unique as above
  double start_time = 0;
  double end_time = 0;
};

struct TraceNames {
  std::string database;  // for errors
  std::unordered_map<int64_t, TypeName> types;
  std::unordered_map<int64_t, ValueName> state_values;
  std::unordered_map<int64_t, ContainerName> containers;
};

TraceNames ReadTraceNames(const std::string& database, const SelectRows& select);

// Container ids depth first from the root, children by id: the order of
// the rows of a chart.
std::vector<int64_t> HierarchyOrder(const TraceNames& names);

// Look-ups that throw DbError when the trace has no such id.
const TypeName& TypeOf(const TraceNames& names, int64_t id);
const ValueName& StateValueOf(const TraceNames& names, int64_t id);
const ContainerName& ContainerOf(const TraceNames& names, int64_t id);

}  // namespace tracedb
