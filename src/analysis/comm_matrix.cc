#include "analysis/comm_matrix.h"

#include <algorithm>
#include <map>
#include <set>

#include "analysis/analysed_trace.h"
#include "analysis/trace_names.h"

namespace tracedb {
namespace {

// NULLs last and first alike on both backends: SQLite sorts NULL lowest,
// PostgreSQL highest.
constexpr const char* kBusiestFirst =
    "SELECT type_id, start_container_id, end_container_id, messages, bytes, seconds "
    "FROM link_summary WHERE trace_id = $1 ORDER BY messages DESC, coalesce(bytes, -1) DESC, "
    "coalesce(start_container_id, -1), coalesce(end_container_id, -1), type_id";

Cell PathCell(const TraceNames& names, const RowCursor& row, int column) {
  if (row.IsNull(column)) return NullCell();
  return TextCell(ContainerOf(names, row.Int(column)).path);
}

Cell OptionalCell(const RowCursor& row, int column, bool real) {
  if (row.IsNull(column)) return NullCell();
  return real ? RealCell(row.Double(column)) : IntegerCell(row.Int(column));
}

void Pairs(const TraceNames& names, const SelectRows& select, int64_t limit,
           const std::function<void(std::vector<Cell>)>& pair) {
  std::string sql = kBusiestFirst;
  if (limit > 0) sql += " LIMIT " + std::to_string(limit);
  std::unique_ptr<RowCursor> rows = select(sql);
  while (rows->Next()) {
    pair({TextCell(TypeOf(names, rows->Int(0)).name), PathCell(names, *rows, 1),
          PathCell(names, *rows, 2), IntegerCell(rows->Int(3)), OptionalCell(*rows, 4, false),
          OptionalCell(*rows, 5, true)});
  }
}

int64_t CountPairs(const SelectRows& select) {
  std::unique_ptr<RowCursor> rows = select("SELECT count(*) FROM link_summary WHERE trace_id = $1");
  return rows->Next() ? rows->Int(0) : 0;
}

struct Talk {
  int64_t messages = 0;
  std::optional<int64_t> bytes;
};

// Who talks to whom, both halves known; nullopt past kSquareSide senders
// (the index on (start, end) stops the scan there) or containers.
std::optional<std::map<std::pair<int64_t, int64_t>, Talk>> SmallMatrix(const SelectRows& select) {
  std::string known =
      " FROM link_summary WHERE trace_id = $1 AND start_container_id IS NOT NULL"
      " AND end_container_id IS NOT NULL";
  {
    std::unique_ptr<RowCursor> senders =
        select("SELECT start_container_id" + known + " GROUP BY start_container_id LIMIT " +
               std::to_string(kSquareSide + 1));
    size_t count = 0;
    while (senders->Next()) ++count;
    if (count > kSquareSide) return std::nullopt;
  }
  size_t most = kSquareSide * kSquareSide;
  std::unique_ptr<RowCursor> rows =
      select("SELECT start_container_id, end_container_id, sum(messages), sum(bytes)" + known +
             " GROUP BY start_container_id, end_container_id LIMIT " + std::to_string(most + 1));
  std::map<std::pair<int64_t, int64_t>, Talk> talks;
  while (rows->Next()) {
    if (talks.size() == most) return std::nullopt;
    Talk& talk = talks[{rows->Int(0), rows->Int(1)}];
    talk.messages = rows->Int(2);
    if (!rows->IsNull(3)) talk.bytes = rows->Int(3);
  }
  return talks;
}

std::optional<CommSquare> Square(const TraceNames& names,
                                 const std::map<std::pair<int64_t, int64_t>, Talk>& talks) {
  std::set<int64_t> ids;
  for (const auto& [pair, talk] : talks) ids.insert({pair.first, pair.second});
  if (ids.empty() || ids.size() > kSquareSide) return std::nullopt;
  std::vector<int64_t> order(ids.begin(), ids.end());
  auto at = [&](int64_t id) {
    return std::lower_bound(order.begin(), order.end(), id) - order.begin();
  };
  CommSquare square{.messages = std::vector<std::vector<int64_t>>(
                        order.size(), std::vector<int64_t>(order.size())),
                    .bytes = std::vector<std::vector<std::optional<int64_t>>>(
                        order.size(), std::vector<std::optional<int64_t>>(order.size()))};
  for (int64_t id : order) square.paths.push_back(ContainerOf(names, id).path);
  for (const auto& [pair, talk] : talks) {
    square.messages[at(pair.first)][at(pair.second)] = talk.messages;
    square.bytes[at(pair.first)][at(pair.second)] = talk.bytes;
  }
  return square;
}

// The busiest pairs (both halves known, every type added up) while their
// containers fit a square; a few thousand pairs read at most.
std::map<std::pair<int64_t, int64_t>, Talk> BusiestTalks(const SelectRows& select) {
  std::unique_ptr<RowCursor> rows = select(
      "SELECT start_container_id, end_container_id, messages, bytes FROM link_summary"
      " WHERE trace_id = $1 AND start_container_id IS NOT NULL AND end_container_id IS NOT NULL"
      " ORDER BY messages DESC LIMIT 4096");
  std::map<std::pair<int64_t, int64_t>, Talk> talks;
  std::set<int64_t> ids;
  while (rows->Next()) {
    int64_t from = rows->Int(0), to = rows->Int(1);
    size_t more = (ids.count(from) == 0) + (from != to && ids.count(to) == 0);
    if (ids.size() + more > kSquareSide) continue;
    ids.insert({from, to});
    Talk& talk = talks[{from, to}];
    talk.messages += rows->Int(2);
    if (!rows->IsNull(3)) talk.bytes = talk.bytes.value_or(0) + rows->Int(3);
  }
  return talks;
}

}  // namespace

std::vector<std::string> CommColumns(const TraceRecord& trace) {
  return {"type",  "start_container_path", "end_container_path", "messages",
          "bytes", TimeColumn(trace, "")};
}

std::optional<CommPicture> ReadCommPicture(TraceReader& reader, const TraceRecord& trace) {
  std::optional<CommPicture> picture;
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    std::optional<std::map<std::pair<int64_t, int64_t>, Talk>> talks = SmallMatrix(select);
    bool whole = talks.has_value();
    if (!talks) talks = BusiestTalks(select);
    if (auto square = Square(names, *talks)) picture = CommPicture{*square, whole};
  });
  return picture;
}

int64_t ReadCommMatrix(TraceReader& reader, const TraceRecord& trace, const CommOptions& options,
                       const CommSink& sink) {
  int64_t total = 0;
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    total = CountPairs(select);
    std::optional<CommSquare> square;
    if (auto talks = SmallMatrix(select)) square = Square(names, *talks);
    sink.square(square);
    Pairs(names, select, options.limit, sink.pair);
  });
  return total;
}

}  // namespace tracedb
