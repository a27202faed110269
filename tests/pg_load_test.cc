// A PostgreSQL load (db/pg_load.h): the partitions are committed, indexed
// a session each, then attached; what that leaves in the catalog, and what
// a failure after the commit leaves (nothing).
#include "db/pg_load.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "archive_checks.h"
#include "backend_support.h"
#include "child_process.h"
#include "db/pg_partitions.h"

namespace tracedb::testing {
namespace {

using Lines = std::vector<std::string>;

TEST(PgLoad, ThePartitionIndexesAreTheParentsPlainOnes) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase db(Backend::kPostgres, "pg_index_sql");
  ASSERT_EQ(RunTracedb({"list", "--db", db.url()}).exit_code, 0);  // creates the schema
  EXPECT_EQ(
      db.Rows(PartitionIndexesQuery(7)),
      (Lines{"event CREATE INDEX ON trace_part.event_7 USING btree (container_id, \"time\")",
             "link CREATE INDEX ON trace_part.link_7 USING btree (container_id, start_time)",
             "state CREATE INDEX ON trace_part.state_7 USING btree (container_id, start_time)",
             "variable CREATE INDEX ON trace_part.variable_7 USING btree (container_id, "
             "start_time)"}));
}

TEST(PgLoad, EachPartitionHasOneIndexPerParentIndexAndAutovacuumAgain) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase db(Backend::kPostgres, "pg_index_built");
  std::string trace = GeneratedTrace("indexed.paje", "8K", 3);
  ChildRun run = RunTracedb({"ingest", "-q", "--db", db.url(), trace});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // Every index of a partition is a partition of its parent's index: none
  // was built twice.
  EXPECT_EQ(db.Rows("SELECT c.relname, p.relname FROM pg_index i"
                    " JOIN pg_class c ON c.oid = i.indexrelid"
                    " LEFT JOIN pg_inherits h ON h.inhrelid = i.indexrelid"
                    " LEFT JOIN pg_class p ON p.oid = h.inhparent"
                    " WHERE c.relnamespace = 'trace_part'::regnamespace ORDER BY 1"),
            (Lines{"container_1_pkey|container_pkey",
                   "event_1_container_id_time_idx|event_container_time",
                   "link_1_container_id_start_time_idx|link_container_time",
                   "state_1_container_id_start_time_idx|state_container_time",
                   "type_1_pkey|type_pkey", "value_1_pkey|value_pkey",
                   "variable_1_container_id_start_time_idx|variable_container_time"}));
  EXPECT_EQ(db.Rows("SELECT count(*) FROM pg_class WHERE relnamespace = 'trace_part'::regnamespace"
                    " AND relkind = 'r' AND reloptions IS NULL"),
            Lines{"7"});
}

// An index the load cannot build (a division by zero for trace 2) fails
// the attach, after the partitions were committed: they are dropped, the
// trace is marked failed, the first trace is untouched.
TEST(PgLoad, AFailureAfterThePartitionsAreCommittedDropsThem) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase db(Backend::kPostgres, "pg_late_failure");
  std::string first = GeneratedTrace("first.paje", "8K", 4);
  ASSERT_EQ(RunTracedb({"ingest", "-q", "--db", db.url(), first}).exit_code, 0);
  Lines rows = db.RowCounts(1);
  db.Exec("CREATE INDEX boom ON container ((1 / (trace_id - 2)))");

  ChildRun run =
      RunTracedb({"ingest", "-q", "--db", db.url(), GeneratedTrace("second.paje", "8K", 5)});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, db.display() + ": division by zero\n");
  EXPECT_EQ(db.Rows("SELECT id, name, status FROM trace ORDER BY id"),
            (Lines{"1|first.paje|complete", "2|second.paje|failed"}));
  EXPECT_EQ(LoadLeftovers(db), Lines{});
  EXPECT_EQ(ArchiveProblems(db), Lines{});
  EXPECT_EQ(db.RowCounts(1), rows);
}

// With no connection to spare (the database's limit is reached by the
// load's own), the attach builds the indexes, and the load succeeds.
TEST(PgLoad, IndexesAreBuiltByTheAttachWhenNoSessionCanConnect) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  std::string role = "limited_" + std::to_string(getpid());
  TestDatabase admin(Backend::kPostgres, "pg_admin");
  admin.Exec("DROP ROLE IF EXISTS " + role + "; CREATE ROLE " + role + " LOGIN");
  {
    TestDatabase db(Backend::kPostgres, "pg_conn_limit");
    std::string name = db.url().substr(db.url().rfind('/') + 1);
    // Superusers are not held to a database's limit: load as a plain owner.
    db.Exec("ALTER DATABASE " + name + " OWNER TO " + role + "; ALTER DATABASE " + name +
            " CONNECTION LIMIT 2");
    size_t at = db.url().find('@');
    ASSERT_NE(at, std::string::npos) << db.url();
    std::string url = "postgresql://" + role + db.url().substr(at);
    std::string trace = GeneratedTrace("limited.paje", "8K", 6);
    ChildRun run = RunTracedb({"ingest", "-q", "--db", url, trace});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(db.Rows("SELECT status FROM trace"), Lines{"complete"});
    EXPECT_EQ(db.Rows("SELECT count(*) FROM pg_index i JOIN pg_inherits h"
                      " ON h.inhrelid = i.indexrelid"
                      " WHERE i.indrelid = 'trace_part.state_1'::regclass"),
              Lines{"1"});
    EXPECT_EQ(ArchiveProblems(db), Lines{});
  }
  admin.Exec("DROP ROLE " + role);
}

}  // namespace
}  // namespace tracedb::testing
