// sqlite_ceiling: how fast this machine's SQLite takes rows, measured the way
// tracedb writes them (prepared INSERTs of 64 rows, one transaction, WAL,
// synchronous=NORMAL), into a fresh file, with and without the archive's
// index. scripts/bench --ingest quotes tracedb's ingest rate against it.
//
// Three measures of the same rows:
//   load      into a table without an index (the bare INSERT)
//   index     CREATE INDEX on that table afterwards
//   indexed   into a table that has the index from the start, in the order
//             tracedb's publish copied them until 2026-12-04: batches of
//             75,000 rows in time order, each batch container by container;
//             with the archive's page size and publish's page cache. An
//             archive table holds other traces, so its index cannot be built
//             afterwards.
//   sorted    the same, but the rows in the index's own order, container by
//             container, each in time order: what the publish's merge of the
//             batches gives now (db/sqlite/staged/run_merger.h), and the floor of
//             any writer of the fixed schema. Not bare speed: each row
//             still seeks its place in the index, where the bare INSERT
//             appends (2M rows, 2026-12-01: 2.8 s sorted, 4.6 s in batch
//             order, 0.82 s bare; a WITHOUT ROWID table clustered by the
//             index's key, filled sorted, took the same 2.8 s).
//
//   sqlite_ceiling ROWS FILE     prints "load_seconds index_seconds indexed_seconds
//                                sorted_seconds" (the indexed files are FILE-indexed
//                                and FILE-sorted)
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

constexpr long long kContainers = 400;  // as the bench traces
constexpr long long kBatchRows = 75000;  // kDefaultBatchRows (sink/batching_sink.h)

const char* const kCreateTable =
    "CREATE TABLE state (trace_id INTEGER, container_id INTEGER, type_id INTEGER, "
    "value_id INTEGER, start_time REAL, end_time REAL, depth INTEGER, extra TEXT)";
const char* const kCreateIndex =
    "CREATE INDEX state_container_time ON state (trace_id, container_id, start_time)";

// `settings` run first: a page size must be set before the file has content.
sqlite3* OpenFresh(const std::string& path, const char* settings = "") {
  sqlite3* db = nullptr;
  Check(sqlite3_open(path.c_str(), &db), db, "open");
  Exec(db, settings);
  Exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
  Exec(db, kCreateTable);
  return db;
}

sqlite3_stmt* PrepareMany(sqlite3* db) {
  std::string row = "(?,?,?,?,?,?,?,?)";
  std::string sql = "INSERT INTO state VALUES " + row;
  for (int i = 1; i < kRowsPerStatement; ++i) sql += "," + row;
  sqlite3_stmt* many = nullptr;
  Check(sqlite3_prepare_v2(db, sql.c_str(), -1, &many, nullptr), db, "prepare");
  return many;
}

// Row n of the trace: container n % 400, times rising with n.
void BindRow(sqlite3_stmt* many, int r, long long n) {
  int p = r * kColumns;
  sqlite3_bind_int64(many, p + 1, 1);
  sqlite3_bind_int64(many, p + 2, n % kContainers);
  sqlite3_bind_int64(many, p + 3, n % 7);
  sqlite3_bind_int64(many, p + 4, n % 11);
  sqlite3_bind_double(many, p + 5, static_cast<double>(n) * 1e-5);
  sqlite3_bind_double(many, p + 6, static_cast<double>(n) * 1e-5 + 0.001);
  sqlite3_bind_int64(many, p + 7, n % 3);
  sqlite3_bind_null(many, p + 8);
}

// Inserts rows `order(0)` .. `order(rows - 1)`, `rows` rounded up to whole
// statements of 64, in one transaction; returns the seconds.
template <typename Order>
double InsertAll(sqlite3* db, sqlite3_stmt* many, long long rows, Order order) {
  auto start = std::chrono::steady_clock::now();
  Exec(db, "BEGIN");
  for (long long done = 0; done < rows; done += kRowsPerStatement) {
    for (int r = 0; r < kRowsPerStatement; ++r) BindRow(many, r, order(done + r));
    Check(sqlite3_step(many), db, "insert");
    sqlite3_reset(many);
  }
  Exec(db, "COMMIT");
  return Since(start);
}

// The i-th row in tracedb's order: within each batch, container by
// container, each container's rows in time order. Rows past the last
// whole batch keep file order.
long long BatchContainerOrder(long long i, long long rows) {
  long long batch = i / kBatchRows;
  if ((batch + 1) * kBatchRows > rows) return i;
  long long at = i % kBatchRows;
  long long per_container = kBatchRows / kContainers;  // 187, and 200 rows left over
  long long whole = per_container * kContainers;
  if (at >= whole) return i;
  return batch * kBatchRows + (at / per_container) + (at % per_container) * kContainers;
}

// The i-th row in the index's order: container by container (row n is in
// container n % 400), each container's rows in time order. Rows past `rows`
// (the last statement's rounding) keep file order.
long long SortedOrder(long long i, long long rows) {
  if (i >= rows) return i;
  long long per = rows / kContainers;      // rows of each container, and one more
  long long longer = rows % kContainers;   // for the first `longer` containers
  long long container = 0;
  long long rank = 0;
  if (i < longer * (per + 1)) {
    container = i / (per + 1);
    rank = i % (per + 1);
  } else {
    container = longer + (i - longer * (per + 1)) / per;
    rank = (i - longer * (per + 1)) % per;
  }
  return container + rank * kContainers;
}

// Rows into a fresh table that has the index from the start, in `order`,
// with the archive's 16 KiB pages (sqlite_connection.cc) and publish's
// 64 MB of page cache (sqlite_staged_load.cc); returns the seconds.
template <typename Order>
double IndexedInsert(const std::string& path, long long rows, Order order) {
  sqlite3* db = OpenFresh(path, "PRAGMA page_size = 16384");
  Exec(db, kCreateIndex);
  Exec(db, "PRAGMA cache_size = -65536");
  sqlite3_stmt* many = PrepareMany(db);
  double seconds = InsertAll(db, many, rows, order);
  sqlite3_finalize(many);
  sqlite3_close(db);
  return seconds;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: sqlite_ceiling ROWS FILE\n");
    return 2;
  }
  long long rows = std::atoll(argv[1]);
  sqlite3* db = OpenFresh(argv[2]);
  sqlite3_stmt* many = PrepareMany(db);
  double load = InsertAll(db, many, rows, [](long long n) { return n; });
  auto start = std::chrono::steady_clock::now();
  Exec(db, kCreateIndex);
  double index = Since(start);
  sqlite3_finalize(many);
  sqlite3_close(db);

  double indexed = IndexedInsert(std::string(argv[2]) + "-indexed", rows,
                                 [rows](long long i) { return BatchContainerOrder(i, rows); });
  double sorted = IndexedInsert(std::string(argv[2]) + "-sorted", rows,
                                [rows](long long i) { return SortedOrder(i, rows); });
  std::printf("%.6f %.6f %.6f %.6f\n", load, index, indexed, sorted);
  return 0;
}
