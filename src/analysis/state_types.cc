#include "analysis/state_types.h"

#include <algorithm>

#include "db/db_error.h"

namespace tracedb {
namespace {

std::vector<int64_t> Matching(const TraceNames& names, const std::string& type) {
  std::vector<int64_t> ids;
  for (const auto& [id, named] : names.types) {
    if (named.kind == "state" && named.name == type) ids.push_back(id);
  }
  return ids;
}

std::string StateTypeList(const TraceNames& names) {
  std::vector<std::string> list;
  for (const auto& [id, named] : names.types) {
    if (named.kind == "state") list.push_back("'" + named.name + "'");
  }
  std::sort(list.begin(), list.end());
  if (list.empty()) return "it has no state types";
  std::string text = "its state types: ";
  for (size_t i = 0; i < list.size(); ++i) text += (i > 0 ? ", " : "") + list[i];
  return text;
}

}  // namespace

std::vector<int64_t> StateTypeIds(const TraceNames& names, const std::optional<std::string>& type,
                                  const std::string& trace_label) {
  if (!type) return {};
  std::vector<int64_t> ids = Matching(names, *type);
  if (ids.empty()) {
    throw DbError(names.database, trace_label + " has no state type '" + *type + "' (" +
                                      StateTypeList(names) + ")");
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

bool AmongStateTypes(const std::vector<int64_t>& ids, int64_t type_id) {
  return ids.empty() || std::find(ids.begin(), ids.end(), type_id) != ids.end();
}

}  // namespace tracedb
