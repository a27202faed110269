// sqlite_ceiling: how fast this machine's SQLite takes rows, measured the way
// tracedb writes them (prepared INSERTs of 64 rows, one transaction, WAL,
// synchronous=NORMAL), into a fresh file, with and without the archive's
// index. scripts/bench --ingest quotes tracedb's ingest rate against it.
//
//   sqlite_ceiling ROWS FILE     prints "load_seconds index_seconds"
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

constexpr int kRowsPerStatement = 64;
constexpr int kColumns = 8;

void Check(int rc, sqlite3* db, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
    std::fprintf(stderr, "sqlite_ceiling: %s: %s\n", what, sqlite3_errmsg(db));
    std::exit(1);
  }
}

void Exec(sqlite3* db, const std::string& sql) {
  Check(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), db, sql.c_str());
}

double Since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: sqlite_ceiling ROWS FILE\n");
    return 2;
  }
  long long rows = std::atoll(argv[1]);
  sqlite3* db = nullptr;
  Check(sqlite3_open(argv[2], &db), db, "open");
  Exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
  Exec(db, "CREATE TABLE state (trace_id INTEGER, container_id INTEGER, type_id INTEGER, "
           "value_id INTEGER, start_time REAL, end_time REAL, depth INTEGER, extra TEXT)");
  std::string row = "(?,?,?,?,?,?,?,?)";
  std::string sql = "INSERT INTO state VALUES " + row;
  for (int i = 1; i < kRowsPerStatement; ++i) sql += "," + row;
  sqlite3_stmt* many = nullptr;
  Check(sqlite3_prepare_v2(db, sql.c_str(), -1, &many, nullptr), db, "prepare");

  auto start = std::chrono::steady_clock::now();
  Exec(db, "BEGIN");
  for (long long done = 0; done < rows; done += kRowsPerStatement) {
    for (int r = 0; r < kRowsPerStatement; ++r) {
      long long n = done + r;
      int p = r * kColumns;
      sqlite3_bind_int64(many, p + 1, 1);
      sqlite3_bind_int64(many, p + 2, n % 400);
      sqlite3_bind_int64(many, p + 3, n % 7);
      sqlite3_bind_int64(many, p + 4, n % 11);
      sqlite3_bind_double(many, p + 5, static_cast<double>(n) * 1e-5);
      sqlite3_bind_double(many, p + 6, static_cast<double>(n) * 1e-5 + 0.001);
      sqlite3_bind_int64(many, p + 7, n % 3);
      sqlite3_bind_null(many, p + 8);
    }
    Check(sqlite3_step(many), db, "insert");
    sqlite3_reset(many);
  }
  Exec(db, "COMMIT");
  double load = Since(start);
  start = std::chrono::steady_clock::now();
  Exec(db, "CREATE INDEX state_container_time ON state (trace_id, container_id, start_time)");
  double index = Since(start);
  sqlite3_finalize(many);
  sqlite3_close(db);
  std::printf("%.6f %.6f\n", load, index);
  return 0;
}
