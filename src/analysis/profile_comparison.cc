#include "analysis/profile_comparison.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "analysis/analysed_trace.h"
#include "analysis/profile_totals.h"
#include "analysis/sort_key.h"
#include "analysis/state_types.h"
#include "analysis/trace_names.h"

namespace tracedb {
namespace {

// Path ("" over all containers), type name, value name.
using NameKey = std::tuple<std::string, std::string, std::string>;

struct Side {
  std::optional<ProfileTimes> a;
  std::optional<ProfileTimes> b;
};

NameKey NamesOf(const TraceNames& names, const ProfileKey& key) {
  std::string path =
      key.container_id == kAllContainers ? "" : ContainerOf(names, key.container_id).path;
  return {path, TypeOf(names, key.type_id).name, StateValueOf(names, key.value_id).name};
}

// One trace's times by names; several ids under one name add up.
std::map<NameKey, ProfileTimes> TimesByName(TraceReader& reader, const TraceRecord& trace,
                                            const CompareOptions& options) {
  std::map<NameKey, ProfileTimes> times;
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    ProfileScope scope{.per_container = options.by == ProfileBy::kContainer,
                       .type_ids = StateTypeIds(names, options.type, TraceLabel(trace))};
    for (const auto& [key, value] : SummaryTotals(select, scope).times) {
      ProfileTimes& sum = times[NamesOf(names, key)];
      sum.count += value.count;
      sum.inclusive += value.inclusive;
      sum.exclusive += value.exclusive;
    }
  });
  return times;
}

double Difference(const Side& side) {
  return (side.b ? side.b->exclusive : 0) - (side.a ? side.a->exclusive : 0);
}

Cell Ratio(const Side& side) {
  if (!side.a || side.a->exclusive == 0) return NullCell();
  return RealCell((side.b ? side.b->exclusive : 0) / side.a->exclusive);
}

void AddTimes(const std::optional<ProfileTimes>& times, std::vector<Cell>* row) {
  row->push_back(times ? RealCell(times->inclusive) : NullCell());
  row->push_back(times ? RealCell(times->exclusive) : NullCell());
}

std::vector<Cell> Row(const NameKey& key, const Side& side, bool per_container) {
  std::vector<Cell> row;
  row.reserve(9);  // not the 16 that growing one at a time ends at: 150,000 rows
  if (per_container) row.push_back(TextCell(std::get<0>(key)));
  row.push_back(TextCell(std::get<1>(key)));
  row.push_back(TextCell(std::get<2>(key)));
  AddTimes(side.a, &row);
  AddTimes(side.b, &row);
  row.push_back(RealCell(Difference(side)));
  row.push_back(Ratio(side));
  return row;
}

// A row's sort key (largest difference first), names and times.
using ComparedLine = std::tuple<double, NameKey, Side>;

// Ties in name order (the map's). The keys move out of the map, which is
// left empty: a copy held them twice.
std::vector<ComparedLine> Ordered(std::map<NameKey, Side>& sides) {
  std::vector<ComparedLine> lines;
  lines.reserve(sides.size());
  while (!sides.empty()) {
    auto node = sides.extract(sides.begin());
    lines.emplace_back(-SortKey(std::abs(Difference(node.mapped()))), std::move(node.key()),
                       node.mapped());
  }
  std::stable_sort(lines.begin(), lines.end(), [](const ComparedLine& x, const ComparedLine& y) {
    return std::get<0>(x) < std::get<0>(y);
  });
  return lines;
}

std::vector<std::string> ComparisonColumns(bool per_container) {
  std::vector<std::string> columns = {"type",        "value",       "a_inclusive", "a_exclusive",
                                      "b_inclusive", "b_exclusive", "difference",  "ratio"};
  if (per_container) columns.insert(columns.begin(), "container_path");
  return columns;
}

}  // namespace

RowSource CompareProfileRows(TraceReader& reader, const TraceRecord& a, const TraceRecord& b,
                             const CompareOptions& options) {
  std::map<NameKey, Side> sides;
  for (auto& [key, times] : TimesByName(reader, a, options)) sides[key].a = times;
  for (auto& [key, times] : TimesByName(reader, b, options)) sides[key].b = times;
  auto lines = std::make_shared<std::vector<ComparedLine>>(Ordered(sides));
  bool per_container = options.by == ProfileBy::kContainer;
  return {.columns = ComparisonColumns(per_container),
          .size = lines->size(),
          .row = [lines, per_container](size_t i) {
            const auto& [order, key, side] = (*lines)[i];
            return Row(key, side, per_container);
          }};
}

ResultTable CompareProfiles(TraceReader& reader, const TraceRecord& a, const TraceRecord& b,
                            const CompareOptions& options) {
  return Materialized(CompareProfileRows(reader, a, b, options));
}

}  // namespace tracedb
