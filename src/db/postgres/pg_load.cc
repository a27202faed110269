#include "db/postgres/pg_load.h"

#include <charconv>
#include <future>
#include <optional>
#include <span>

#include "concurrency/run_together.h"
#include "db/crash_point.h"
#include "db/db_error.h"
#include "db/loader_process.h"
#include "db/postgres/pg_parent_statistics.h"
#include "db/postgres/pg_partitions.h"
#include "db/trace_columns.h"

namespace tracedb {
namespace {

static_assert(kFirstLane.size() + kSecondLane.size() == kEntityTables.size(),
              "every partition is loaded by one lane");

using Params = std::vector<std::optional<std::string>>;

constexpr const char* kInsertTrace =
    "INSERT INTO trace (name, path, format, size_bytes, sha256, comment, tool_version,"
    " loader_host, loader_pid, tags, time_unit, status, ingested_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'loading',"
    " to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')) RETURNING id";

constexpr const char* kCompleteTrace =
    "UPDATE trace SET status = 'complete', start_time = $1, end_time = $2, container_count = $3,"
    " state_count = $4, event_count = $5, variable_count = $6, link_count = $7, metadata = $8,"
    " skipped_lines = $9, skipped_errors = $10, sha256 = coalesce($12, sha256), profile_bins = $13"
    " WHERE id = $11 AND status = 'loading' RETURNING id";

// Shortest text that reads back as the same double.
std::string Exact(double value) {
  char text[32];
  auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

std::optional<std::string> Number(std::optional<int64_t> value) {
  if (!value) return std::nullopt;
  return std::to_string(*value);
}

class PgTraceLoad : public TraceLoad {
 public:
  PgTraceLoad(const std::string& conninfo, const std::string& name, const TraceInfo& info)
      : session_(conninfo, name) {
    session_.Exec("BEGIN");
    id_ = std::stoll(
        session_
            .Query(kInsertTrace,
                   Params{info.name, info.path, info.format, Number(info.size_bytes), info.sha256,
                          info.comment, info.tool_version, ThisHost(), std::to_string(ThisPid()),
                          TagsJson(info.tags), info.time_unit})
            .at(0));
    session_.Exec(LoadLockSql("pg_advisory_lock", id_));
    CrashPoint("trace-row");
    session_.Exec("COMMIT");
    CrashPoint("loading");
    try {
      // Each lane's connection makes its partitions at the same time: the
      // second connects meanwhile (a server process takes 10-20 ms to start).
      RunTogether(2, [&](int lane) {
        if (lane == 0) return BeginLane(session_, kFirstLane);
        second_.emplace(conninfo, name);
        BeginLane(*second_, kSecondLane);
      });
    } catch (const std::exception& e) {
      Fail(e.what());
      throw;
    }
    writer_.emplace(session_, *second_, id_);
  }

  int64_t id() const override { return id_; }
  RowWriter& writer() override { return *writer_; }

  std::optional<int64_t> Publish(const TraceSummary& summary,
                                 std::optional<int64_t> replaced) override {
    CrashPoint("publish");
    if (!replaced) {
      if (std::optional<int64_t> other = PublishedMeanwhile(summary.sha256)) {
        second_->Exec("ROLLBACK");
        session_.Exec("ROLLBACK");  // the partitions go with them
        session_.Query("DELETE FROM trace WHERE id = $1 AND status = 'loading'",
                       Params{std::to_string(id_)});
        session_.TryExec(LoadLockSql("pg_advisory_unlock", id_));
        return other;
      }
    }
    AttachPartitions(replaced);
    CrashPoint("mid-publish");
    const TraceSummary& s = summary;
    auto updated = session_.Query(
        kCompleteTrace,
        Params{Exact(s.start_time), Exact(s.end_time), std::to_string(s.container_count),
               std::to_string(s.state_count), std::to_string(s.event_count),
               std::to_string(s.variable_count), std::to_string(s.link_count), s.metadata,
               std::to_string(s.skipped_lines), s.skipped_errors, std::to_string(id_),
               s.sha256.empty() ? std::nullopt : std::optional<std::string>(s.sha256),
               s.profile_bins ? std::optional<std::string>(std::to_string(*s.profile_bins))
                              : std::nullopt});
    if (updated.empty()) {
      throw DbError(session_.name(),
                    "trace " + std::to_string(id_) + " is not loading; it cannot be completed");
    }
    CrashPoint("commit");
    session_.Exec("COMMIT");
    CrashPoint("committed");
    session_.TryExec(LoadLockSql("pg_advisory_unlock", id_));
    // Outside the publishing transaction, which then holds its locks no
    // longer; the trace is complete whether this succeeds or not. Each
    // connection analyzes its lane's tables, at once: ANALYZE keeps one core
    // busy (1 GB trace: 2.2 s for all of them on one connection).
    auto analyzed =
        std::async(std::launch::async, [this] { RefreshParentStatistics(*second_, kSecondLane); });
    RefreshParentStatistics(session_, kFirstLane);
    analyzed.get();
    return std::nullopt;
  }

  // A complete trace of this content committed since the load began, found
  // under the content's lock, which this transaction then holds to its end:
  // another load of the same content waits for it, and sees it.
  std::optional<int64_t> PublishedMeanwhile(const std::string& sha256) {
    session_.Query(
        "SELECT pg_advisory_xact_lock(" + std::to_string(kContentLock) + ", hashtext($1))",
        Params{sha256});
    std::string other = session_
                            .Query(
                                "SELECT coalesce(min(id), 0) FROM trace"
                                " WHERE sha256 = $1 AND status = 'complete'",
                                Params{sha256})
                            .at(0);
    if (other == "0") return std::nullopt;
    return std::stoll(other);
  }

  void Fail(const std::string& message) noexcept override {
    writer_.reset();
    if (second_) second_->TryExec("ROLLBACK");
    second_.reset();  // its server process ends, and with it any COPY under way
    session_.TryExec("ROLLBACK");
    // The second connection's partitions, had it committed them.
    session_.TryExec(DropPartitionsSql(id_, kSecondLane));
    try {
      session_.Query(
          "UPDATE trace SET status = 'failed', error = $1"
          " WHERE id = $2 AND status = 'loading'",
          Params{message, std::to_string(id_)});
    } catch (...) {
      // The trace stays "loading"; CleanInterrupted removes it once the
      // session (and with it the lock) is gone.
    }
    session_.TryExec(LoadLockSql("pg_advisory_unlock", id_));
  }

 private:
  // Attaches both lanes' partitions in this transaction, and drops the
  // replaced trace. The second connection indexes and analyzes its
  // partitions while this one attaches (and indexes) and analyzes the
  // others: the trace is complete with its statistics.
  void AttachPartitions(std::optional<int64_t> replaced) {
    auto indexed = std::async(std::launch::async, [this] {
      second_->ExecBuiltBy(PartitionIndexesQuery(id_, kSecondLane));
      second_->ExecBuiltBy(AnalyzePartitionsQuery(id_, kSecondLane, AnalyzedBefore::kNo));
    });
    session_.Exec(AttachPartitionsSql(id_, kFirstLane));
    session_.ExecBuiltBy(AnalyzePartitionsQuery(id_, kFirstLane, AnalyzedBefore::kNo));
    indexed.get();
    // This transaction can attach the second's partitions (adopting their
    // indexes) only once they are committed. From that commit to this
    // one's, a snapshot taken meanwhile would see their rows through the
    // parent tables after this commit (not through the views: its trace row
    // says "loading"). So nothing is left to wait for in between: the
    // parents are locked as the attach will lock them, and a replaced trace
    // dropped, first. And `tracedb query` declares no cursor in between: it
    // takes the gap lock shared (pg_load.h), which this transaction takes
    // first of all, while it holds no lock such a reader could wait for (the
    // drop's). A failure in between drops the second's partitions (Fail); so
    // does CleanInterrupted after a crash.
    session_.Exec(PublishGapLockSql("pg_advisory_xact_lock"));
    session_.Exec(LockParentsSql(kSecondLane));
    if (replaced) session_.Exec(DropTraceSql(*replaced));
    second_->Exec("COMMIT");
    session_.Exec(AttachPartitionsSql(id_, kSecondLane));
  }

  // Begins the lane's transaction and creates its partitions there. Each
  // index build (at attach, or the second lane's CREATE INDEX) sorts in
  // memory, not in temporary files, for traces up to a few hundred MB (the
  // default is 64 MB; 1 GB saved no measurable time on the 1 GB trace, whose
  // largest sorts spill). Without parallel workers: the two lanes build at
  // once and keep the cores busy, and workers only add processes and a
  // merge (indexing the 1 GB trace took 8.7-10.2 s against 11.1-11.6 s with
  // two workers a lane).
  void BeginLane(PgSession& session, std::span<const char* const> tables) {
    session.Exec(
        "BEGIN; SET LOCAL maintenance_work_mem = '256MB';"
        " SET LOCAL max_parallel_maintenance_workers = 0");
    session.ExecBuiltBy(PartitionDefinitionsQuery(id_, tables));
  }

  PgSession session_;
  // Loads kSecondLane's partitions in a transaction of its own, which the
  // publish commits just before it attaches them.
  std::optional<PgSession> second_;
  int64_t id_ = 0;
  std::optional<PgCopyWriter> writer_;
};

}  // namespace

std::string PublishGapLockSql(const char* function) {
  return std::string("SELECT ") + function + "(" + std::to_string(kPublishGapLock) + ", 0)";
}

std::string LoadLockSql(const char* function, int64_t trace_id) {
  return std::string("SELECT ") + function + "(" + std::to_string(kLoadLock) + ", " +
         std::to_string(trace_id) + ")";
}

std::unique_ptr<TraceLoad> BeginPostgresLoad(const std::string& conninfo, const std::string& name,
                                             const TraceInfo& info) {
  return std::make_unique<PgTraceLoad>(conninfo, name, info);
}

}  // namespace tracedb
