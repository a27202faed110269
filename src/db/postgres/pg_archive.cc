#include "db/postgres/pg_archive.h"

#include "concurrency/run_together.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_copy_cursor.h"
#include "db/postgres/pg_cursor.h"
#include "db/postgres/pg_load.h"
#include "db/postgres/pg_migrate.h"
#include "db/postgres/pg_partitions.h"
#include "db/postgres/pg_summary_store.h"
#include "db/stored_trace_reader.h"
#include "db/trace_columns.h"
#include "db/trace_lookup.h"
#include "db/type_rows.h"

namespace tracedb {
namespace {

// SQLSTATE read_only_sql_transaction: a write in `query`'s transaction.
constexpr const char* kReadOnlyState = "25006";

// `sql` with $1 replaced by the id: a server-side cursor takes no
// parameters, and an integer written in the text is as safe.
std::string Inline(const std::string& sql, int64_t id) {
  std::string text;
  std::string number = std::to_string(id);
  for (size_t i = 0; i < sql.size(); ++i) {
    if (sql[i] == '$' && i + 1 < sql.size() && sql[i + 1] == '1') {
      text += number;
      ++i;
    } else {
      text += sql[i];
    }
  }
  return text;
}

std::string ExportedSnapshot(const SelectRows& select) {
  std::unique_ptr<RowCursor> rows = select("SELECT pg_export_snapshot()");
  return rows->Next() ? rows->Text(0) : std::string();  // a row, always
}

// `read` in a read-only snapshot of `connection` in which trace `id` is
// complete: the snapshot exported as `snapshot`, or a new one if "". Its
// streams start in the same snapshot (a new one's exported when the first
// begins).
void ReadCompleteOn(PgConnection& connection, int64_t id, const std::string& snapshot,
                    const std::function<void(const SelectRows&, const StreamRows&)>& read) {
  connection.Run([&] {
    pqxx::work work(connection.get());
    // Every row of each cursor is read: plan for that (see Query).
    work.exec(
        "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY;"
        " SET LOCAL cursor_tuple_fraction = 1");
    if (!snapshot.empty()) work.exec("SET TRANSACTION SNAPSHOT " + work.quote(snapshot));
    auto status = work.exec_params("SELECT status FROM trace WHERE id = $1", id);
    if (status.empty() || status[0][0].as<std::string>() != "complete") {
      throw DbError(connection.name(), "trace " + std::to_string(id) + " is not complete");
    }
    int cursors = 0;
    SelectRows select = [&](const std::string& sql) -> std::unique_ptr<RowCursor> {
      return OpenPgCursor(connection, work, Inline(sql, id), "rows_" + std::to_string(cursors++));
    };
    std::string exported = snapshot;
    StreamRows stream = [&](const std::string& sql, const std::vector<ColumnKind>& kinds) {
      if (exported.empty()) exported = ExportedSnapshot(select);
      return std::make_unique<PgCopyCursor>(connection.conninfo(), connection.name(), exported,
                                            Inline(sql, id), kinds);
    };
    read(select, stream);
    return 0;
  });
}

// One connection behind the five roles (db/archive.h); loads and summary
// stores open sessions of their own (pg_load.h, pg_summary_store.h).
class PgArchive : public TraceCatalog,
                  public TraceLoader,
                  public TraceRemover,
                  public SummaryStore,
                  public TraceReader {
 public:
  explicit PgArchive(const std::string& conninfo) : connection_(conninfo) {
    MigratePostgres(connection_);
  }

  const std::string& name() const override { return connection_.name(); }
  SqlDialect dialect() const override { return SqlDialect::kPostgres; }

  // TraceCatalog
  std::vector<TraceRecord> ListTraces() override {
    return Records(std::string(kSelectTrace) + "ORDER BY id");
  }

  std::optional<TraceRecord> FindTrace(std::string_view spec) override {
    TraceLookup lookup{
        .by_id = [&](int64_t id) -> std::optional<TraceRecord> {
          auto found = Records(std::string(kSelectTrace) + "WHERE id = " + std::to_string(id));
          if (found.empty()) return std::nullopt;
          return found.front();
        },
        .by_name =
            [&](std::string_view trace_name) {
              return Records(std::string(kSelectTrace) + "WHERE name = $1 ORDER BY id",
                             std::string(trace_name));
            }};
    return FindTraceBySpec(spec, lookup, name());
  }

  std::optional<TraceDetail> Describe(std::string_view spec) override {
    std::optional<TraceRecord> trace = FindTrace(spec);
    if (!trace) return std::nullopt;
    TraceDetail detail{.trace = *trace};
    pqxx::work work(connection_.get());
    auto rows =
        OpenPgCursor(connection_, work, Inline(TypeRowsSql(*trace), trace->id), "type_rows");
    detail.types.columns = ColumnNames(*rows);
    while (rows->Next()) detail.types.rows.push_back(RowCells(*rows));
    return detail;
  }

  // TraceLoader
  bool HasCompleteOfSize(int64_t size_bytes) override {
    return connection_.Run([&] {
      pqxx::nontransaction work(connection_.get());
      return work
          .exec_params1(
              "SELECT EXISTS (SELECT 1 FROM trace WHERE size_bytes = $1"
              " AND status = 'complete')",
              size_bytes)[0]
          .as<bool>();
    });
  }

  std::optional<int64_t> FindCompleteBySha(std::string_view sha256) override {
    return connection_.Run([&]() -> std::optional<int64_t> {
      pqxx::nontransaction work(connection_.get());
      pqxx::row row =
          work.exec_params1("SELECT min(id) FROM trace WHERE sha256 = $1 AND status = 'complete'",
                            std::string(sha256));
      if (row[0].is_null()) return std::nullopt;
      return row[0].as<int64_t>();
    });
  }

  std::unique_ptr<TraceLoad> BeginLoad(const TraceInfo& info) override {
    return BeginPostgresLoad(connection_.conninfo(), name(), info);
  }

  std::vector<int64_t> CleanInterrupted() override {
    std::vector<int64_t> cleaned;
    for (const TraceRecord& trace :
         Records(std::string(kSelectTrace) + "WHERE status = 'loading' ORDER BY id")) {
      if (!TryLock(trace.id)) continue;  // its loader still runs
      bool removed = connection_.Run([&] {
        pqxx::work work(connection_.get());
        // Again under the lock: the load may have ended since the list.
        auto still =
            work.exec_params("SELECT 1 FROM trace WHERE id = $1 AND status = 'loading'", trace.id);
        if (still.empty()) return false;
        try {
          work.exec(DropTraceSql(trace.id));
        } catch (const pqxx::insufficient_privilege&) {
          return false;  // a role that may only read: the row stays, as on a read-only file
        }
        work.commit();
        return true;
      });
      Unlock(trace.id);
      if (removed) cleaned.push_back(trace.id);
    }
    return cleaned;
  }

  // TraceRemover
  bool DeleteTrace(int64_t id) override {
    std::optional<TraceRecord> trace = FindTrace(std::to_string(id));
    if (!trace) return false;
    bool loading = trace->status == TraceStatus::kLoading;
    if (loading && !TryLock(id)) {
      throw DbError(name(), "trace " + std::to_string(id) + " is still being loaded by process " +
                                std::to_string(trace->loader_pid.value_or(0)) + " on " +
                                trace->loader_host.value_or("?") + "; stop it first");
    }
    connection_.Run([&] {
      pqxx::work work(connection_.get());
      work.exec(DropTraceSql(id));
      work.commit();
      return 0;
    });
    if (loading) Unlock(id);
    return true;
  }

  // Dropping partitions takes milliseconds: nothing is left for later.
  bool HideTrace(int64_t id) override { return DeleteTrace(id); }
  std::vector<int64_t> PurgeDeleted(int64_t) override { return {}; }
  std::vector<int64_t> HandRemovalsTo(int64_t) override { return {}; }

  // Dropped partitions give their files back at once; `compact` also
  // vacuums the trace table, whose deleted rows are all that is left.
  void Reclaim(bool compact) override {
    if (!compact) return;
    connection_.Run([&] {
      pqxx::nontransaction work(connection_.get());
      work.exec("VACUUM trace");
      return 0;
    });
  }

  // SummaryStore
  bool StoreSummaries(int64_t id, int64_t profile_bins, ExistingSummaries existing,
                      const std::function<void(RowWriter&)>& write) override {
    return StorePostgresSummaries(connection_.conninfo(), name(), id, profile_bins, existing,
                                  write);
  }

  // TraceReader (name and dialect above)
  void ReadComplete(int64_t id, const std::function<void(const SelectRows&)>& read) override {
    ReadCompleteOn(connection_, id, "",
                   [&](const SelectRows& select, const StreamRows&) { read(select); });
  }

  // Reader 0 exports its snapshot; the others start in it, as pg_dump's
  // parallel workers do.
  void ReadCompleteTogether(int64_t id, int readers, const ReadPart& read) override {
    ReadCompleteOn(connection_, id, "", [&](const SelectRows& select, const StreamRows& stream) {
      if (readers <= 1) return read(0, select, stream);
      std::string snapshot = ExportedSnapshot(select);
      RunTogether(readers, [&](int reader) {
        if (reader == 0) return read(0, select, stream);
        PgConnection own(connection_.conninfo());
        ReadCompleteOn(own, id, snapshot, [&](const SelectRows& mine, const StreamRows& flow) {
          read(reader, mine, flow);
        });
      });
    });
  }

  // A SELECT is read through a cursor; what cannot be one (EXPLAIN, SHOW,
  // a syntax error) runs whole, in the same read-only transaction.
  std::unique_ptr<RowCursor> Query(const std::string& sql) override {
    auto work = std::make_unique<pqxx::work>(connection_.get());
    pqxx::work& w = *work;
    try {
      // A cursor is planned for its first rows (cursor_tuple_fraction 0.1)
      // unless told that all of them will be fetched, as psql fetches them:
      // then its plan is psql's.
      w.exec("SET TRANSACTION READ ONLY; SET LOCAL cursor_tuple_fraction = 1");
      // Never in a load's gap between its commits (pg_load.h); the lock is
      // held for the declaration only, so loads never wait for the reading.
      w.exec(PublishGapLockSql("pg_advisory_lock_shared"));
      bool declared = Declare(w, "query", sql);
      w.exec(PublishGapLockSql("pg_advisory_unlock_shared"));
      if (declared) {
        return std::make_unique<PgCursor>(connection_, w, "query", std::move(work));
      }
      pqxx::result whole = w.exec(sql);
      return std::make_unique<PgCursor>(connection_, std::move(whole), std::move(work));
    } catch (const pqxx::sql_error& e) {
      if (e.sqlstate() == kReadOnlyState) {
        throw DbError(name(),
                      "tracedb query is read-only and this statement would write "
                      "(tracedb delete removes traces)");
      }
      throw DbError(name(), PostgresProblemInFull(e.what()), e.query());
    } catch (const pqxx::failure& e) {
      throw DbError(name(), PostgresProblemInFull(e.what()));
    }
  }

 private:
  // DECLAREs the cursor in a savepoint; false (and rolled back) when the
  // statement cannot be a cursor.
  static bool Declare(pqxx::work& work, const std::string& cursor, const std::string& sql) {
    try {
      pqxx::subtransaction attempt(work, "declare");
      attempt.exec("DECLARE " + cursor + " NO SCROLL CURSOR FOR " + sql);
      attempt.commit();
      return true;
    } catch (const pqxx::sql_error&) {
      return false;
    }
  }

  template <typename... Args>
  std::vector<TraceRecord> Records(const std::string& sql, Args&&... args) {
    return connection_.Run([&] {
      pqxx::nontransaction work(connection_.get());
      pqxx::result result = work.exec_params(sql, std::forward<Args>(args)...);
      PgCursor cursor(connection_, std::move(result), nullptr);
      return ReadTraceRecords(cursor);
    });
  }

  bool TryLock(int64_t id) {
    return connection_.Run([&] {
      pqxx::nontransaction work(connection_.get());
      return work.exec1(LoadLockSql("pg_try_advisory_lock", id))[0].as<bool>();
    });
  }

  void Unlock(int64_t id) {
    connection_.Run([&] {
      pqxx::nontransaction work(connection_.get());
      return work.exec(LoadLockSql("pg_advisory_unlock", id));
    });
  }

  PgConnection connection_;
};

}  // namespace

std::unique_ptr<Archive> OpenPostgresArchive(const std::string& conninfo) {
  return ArchiveOf(std::make_shared<PgArchive>(conninfo));
}

}  // namespace tracedb
