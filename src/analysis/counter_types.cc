#include "analysis/counter_types.h"

#include <algorithm>

#include "db/db_error.h"

namespace tracedb {
namespace {

bool Names(const std::string& type, const std::string& counter) {
  return type == counter ||
         (type.size() > counter.size() && type.starts_with(counter) && type[counter.size()] == ' ');
}

std::string VariableTypeList(const TraceNames& names) {
  std::vector<std::string> list;
  for (const auto& [id, named] : names.types) {
    if (named.kind == "variable") list.push_back("'" + named.name + "'");
  }
  std::sort(list.begin(), list.end());
  list.erase(std::unique(list.begin(), list.end()), list.end());
  if (list.empty()) return "it has no variable types";
  std::string text = "its variable types: ";
  for (size_t i = 0; i < list.size(); ++i) text += (i > 0 ? ", " : "") + list[i];
  return text;
}

}  // namespace

std::vector<int64_t> CounterTypeIds(const TraceNames& names, const std::string& counter,
                                    const std::string& trace_label) {
  std::vector<int64_t> ids;
  for (const auto& [id, named] : names.types) {
    if (named.kind == "variable" && Names(named.name, counter)) ids.push_back(id);
  }
  if (ids.empty()) {
    throw DbError(names.database, trace_label + " has no counter '" + counter + "' (" +
                                      VariableTypeList(names) + ")");
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace tracedb
