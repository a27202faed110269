#include "support/sqlite_test_support.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "support/test_support.h"

namespace tracedb::testing {

std::string FreshDbPath(const std::string& name) {
  std::string path = WriteTempFile(name, "");
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::remove((path + suffix).c_str());
  }
  return path;
}

std::vector<std::string> Rows(SqliteConnection& connection, const std::string& sql) {
  SqliteStatement query = connection.Prepare(sql);
  std::vector<std::string> rows;
  while (query.Step()) {
    std::string row;
    for (int i = 0; i < query.ColumnCount(); ++i) {
      if (i > 0) row += "|";
      row += query.ColumnIsNull(i) ? "NULL" : query.ColumnText(i);
    }
    rows.push_back(row);
  }
  return rows;
}

std::string FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// $T stands for the trace id.
constexpr std::string_view kSampleRows = R"sql(
INSERT INTO type VALUES
  ($T, 0, NULL, 'container', '0', NULL, NULL, NULL),
  ($T, 1, 0, 'container', 'Rank', 'R', NULL, NULL),
  ($T, 2, 1, 'state', 'Activity', NULL, NULL, NULL),
  ($T, 3, 1, 'event', 'Mark', NULL, NULL, NULL),
  ($T, 4, 1, 'variable', 'Load', NULL, NULL, NULL),
  ($T, 5, 0, 'link', 'Message', NULL, 1, 1);
INSERT INTO value VALUES
  ($T, 0, 2, 'Running', 'r', '0.0 1.0 0.0'),
  ($T, 1, 3, 'Tick', NULL, NULL),
  ($T, 2, 5, 'Send', NULL, NULL);
INSERT INTO container VALUES
  ($T, 0, NULL, 0, '0', NULL, 0.0, 10.0, NULL, NULL),
  ($T, 1, 0, 1, 'rank0', 'c1', 0.5, 10.0, '{"host":"n1"}', 'rank0'),
  ($T, 2, 0, 1, 'rank1', NULL, 0.5, 9.0, NULL, 'rank1');
INSERT INTO state VALUES ($T, 1, 2, 0, 1.0, 3.5, 0, NULL, 2, 1, NULL);
INSERT INTO event VALUES ($T, 1, 3, 1, 2.0, '{"size":"8"}', NULL);
INSERT INTO variable VALUES ($T, 1, 4, 0.0, 4.0, 0.5, NULL);
INSERT INTO link VALUES
  ($T, 0, 5, 2, 'k1', 1, 2, 1.5, 2.5, NULL, NULL, NULL),
  ($T, 0, 5, 2, 'k2', 1, NULL, 3.0, NULL, NULL, NULL, NULL);
)sql";

std::string SampleRowsSql(int64_t trace_id) {
  std::string sql(kSampleRows);
  std::string id = std::to_string(trace_id);
  for (size_t at = sql.find("$T"); at != std::string::npos; at = sql.find("$T", at)) {
    sql.replace(at, 2, id);
  }
  return sql;
}

void InsertSampleRows(SqliteConnection& connection, int64_t trace_id) {
  connection.Exec(SampleRowsSql(trace_id));
}

std::vector<std::string> RowCounts(SqliteConnection& connection, int64_t trace_id) {
  std::vector<std::string> counts;
  for (const std::string& row : Rows(connection,
                                     "SELECT m.name FROM sqlite_master AS m,"
                                     " pragma_table_info(m.name) AS c WHERE m.type = 'table'"
                                     " AND c.name = 'trace_id' ORDER BY m.name")) {
    auto n = Rows(connection, "SELECT count(*) FROM \"" + row +
                                  "\" WHERE trace_id = " + std::to_string(trace_id));
    counts.push_back(row + "=" + n.front());
  }
  return counts;
}

}  // namespace tracedb::testing
