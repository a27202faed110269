#include "analysis/trace_names.h"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "db/db_error.h"

namespace tracedb {
namespace {

void ReadTypes(const SelectRows& select, TraceNames* names) {
  std::unique_ptr<RowCursor> rows = select("SELECT id, kind, name FROM type WHERE trace_id = $1");
  while (rows->Next()) names->types[rows->Int(0)] = {rows->Text(1), rows->Text(2)};
}

void ReadStateValues(const SelectRows& select, TraceNames* names) {
  std::unique_ptr<RowCursor> rows = select(
      "SELECT v.id, v.type_id, v.name, v.color FROM value v "
      "JOIN type t ON t.trace_id = v.trace_id AND t.id = v.type_id "
      "WHERE v.trace_id = $1 AND t.kind = 'state'");
  while (rows->Next()) {
    ValueName& value = names->state_values[rows->Int(0)];
    value = {.type_id = rows->Int(1), .name = rows->Text(2)};
    if (!rows->IsNull(3)) value.color = rows->Text(3);
  }
}

// Each container's alias by id; one without an alias has no entry.
using Aliases = std::unordered_map<int64_t, std::string>;

void ReadContainers(const SelectRows& select, TraceNames* names, Aliases* aliases) {
  std::unique_ptr<RowCursor> rows = select(
      "SELECT id, parent_id, name, path, start_time, end_time, alias FROM container "
      "WHERE trace_id = $1");
  while (rows->Next()) {
    ContainerName& container = names->containers[rows->Int(0)];
    container.name = rows->Text(2);
    container.path = rows->IsNull(3) ? container.name : rows->Text(3);
    if (!rows->IsNull(1)) container.parent_id = rows->Int(1);
    container.start_time = rows->Double(4);
    container.end_time = rows->Double(5);
    if (!rows->IsNull(6)) (*aliases)[rows->Int(0)] = rows->Text(6);
  }
}

// The label of one of several containers of `path`: its alias when the
// others' differ, else its id.
std::string Distinguished(const std::string& path, int64_t id, const std::vector<int64_t>& sharing,
                          const Aliases& aliases) {
  auto alias = [&](int64_t of) {
    auto found = aliases.find(of);
    return found == aliases.end() ? std::string() : found->second;
  };
  std::string own = alias(id);
  bool unique = !own.empty() && std::count_if(sharing.begin(), sharing.end(), [&](int64_t other) {
                                  return alias(other) == own;
                                }) == 1;
  return path + (unique ? " [" + own + "]" : " [#" + std::to_string(id) + "]");
}

// Two containers of one path (Pajé names need not be unique) would be two
// rows that cannot be told apart, or one row that adds them up.
void DistinguishSharedPaths(const Aliases& aliases, TraceNames* names) {
  std::unordered_map<std::string, std::vector<int64_t>> by_path;
  for (const auto& [id, container] : names->containers) by_path[container.path].push_back(id);
  for (const auto& [path, ids] : by_path) {
    if (ids.size() < 2) continue;
    for (int64_t id : ids) names->containers[id].path = Distinguished(path, id, ids, aliases);
  }
}

template <typename Map>
const typename Map::mapped_type& Find(const TraceNames& names, const Map& map, int64_t id,
                                      const char* what) {
  auto found = map.find(id);
  if (found == map.end()) {
    throw DbError(names.database, "the trace refers to " + std::string(what) + " " +
                                      std::to_string(id) + ", which it does not have");
  }
  return found->second;
}

}  // namespace

TraceNames ReadTraceNames(const std::string& database, const SelectRows& select) {
  TraceNames names{.database = database};
  ReadTypes(select, &names);
  ReadStateValues(select, &names);
  Aliases aliases;
  ReadContainers(select, &names, &aliases);
  DistinguishSharedPaths(aliases, &names);
  return names;
}

// Container ids depth first from the root, children by id.
std::vector<int64_t> HierarchyOrder(const TraceNames& names) {
  std::map<int64_t, std::vector<int64_t>> children;
  std::vector<int64_t> roots;
  for (const auto& [id, container] : names.containers) {
    if (container.parent_id) {
      children[*container.parent_id].push_back(id);
    } else {
      roots.push_back(id);
    }
  }
  std::vector<int64_t> order, stack(roots.rbegin(), roots.rend());
  std::sort(stack.rbegin(), stack.rend());
  while (!stack.empty()) {
    int64_t id = stack.back();
    stack.pop_back();
    order.push_back(id);
    std::vector<int64_t>& kids = children[id];
    std::sort(kids.rbegin(), kids.rend());
    stack.insert(stack.end(), kids.begin(), kids.end());
  }
  return order;
}

const TypeName& TypeOf(const TraceNames& names, int64_t id) {
  return Find(names, names.types, id, "type");
}

const ValueName& StateValueOf(const TraceNames& names, int64_t id) {
  return Find(names, names.state_values, id, "state value");
}

const ContainerName& ContainerOf(const TraceNames& names, int64_t id) {
  return Find(names, names.containers, id, "container");
}

}  // namespace tracedb
