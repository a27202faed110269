#include "analysis/counter_columns.h"

#include <algorithm>
#include <stdexcept>

namespace tracedb {
namespace {

// The index of `name` in request->names, added when new.
size_t NameIndex(const std::string& name, CounterRequest* request) {
  std::vector<std::string>& names = request->names;
  auto found = std::find(names.begin(), names.end(), name);
  if (found != names.end()) return static_cast<size_t>(found - names.begin());
  names.push_back(name);
  return names.size() - 1;
}

CounterColumn ParseColumn(const std::string& text, CounterRequest* request) {
  size_t slash = text.find('/');
  std::string a = text.substr(0, slash);
  std::string b = slash == std::string::npos ? "" : text.substr(slash + 1);
  bool ratio = slash != std::string::npos;
  if (a.empty() || (ratio && (b.empty() || b.find('/') != std::string::npos))) {
    throw std::invalid_argument("--counter takes NAME or A/B (a ratio), not '" + text + "'");
  }
  CounterColumn column{.label = text, .counter = NameIndex(a, request)};
  if (ratio) column.per = NameIndex(b, request);
  return column;
}

Cell Ratio(double count, double per) { return per != 0 ? RealCell(count / per) : NullCell(); }

}  // namespace

CounterRequest ParseCounterRequest(const std::vector<std::string>& texts) {
  CounterRequest request;
  for (const std::string& text : texts) request.columns.push_back(ParseColumn(text, &request));
  return request;
}

std::vector<std::string> CounterColumnNames(const CounterRequest& request) {
  std::vector<std::string> names;
  for (const CounterColumn& column : request.columns) {
    names.push_back(column.label);
    if (!column.per) names.push_back(column.label + "_per_second");
  }
  return names;
}

void AppendCounterCells(const CounterRequest& request, const std::vector<double>* counts,
                        double seconds, std::vector<Cell>* row) {
  auto count = [&](size_t index) { return counts ? (*counts)[index] : 0.0; };
  for (const CounterColumn& column : request.columns) {
    double counted = count(column.counter);
    if (column.per) {
      row->push_back(Ratio(counted, count(*column.per)));
    } else {
      row->push_back(RealCell(counted));
      row->push_back(Ratio(counted, seconds));
    }
  }
}

size_t CounterCellCount(const CounterRequest& request) {
  size_t cells = 0;
  for (const CounterColumn& column : request.columns) cells += column.per ? 1 : 2;
  return cells;
}

}  // namespace tracedb
