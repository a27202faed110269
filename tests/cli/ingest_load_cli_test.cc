// tracedb ingest's loads as they run: killed in the middle on both backends
// (cleaned up by the next command, then redone), four at once into one
// PostgreSQL database, and the indexes of a PostgreSQL load's partitions.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/archive_checks.h"
#include "support/backend_support.h"
#include "support/background_child.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::ingest_load_cli_test {
namespace {

bool Exists(const std::string& path) { return std::ifstream(path).good(); }

// SIGKILL in the middle of a load: the archive keeps its other traces, the
// next command removes the interrupted trace and its scratch file, and the
// same file then loads.
TEST(IngestKill, AKilledIngestIsCleanedUpAndCanBeRedone) {
  std::string big = WriteTempFile("big.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 40M " + big).c_str()), 0);
  std::string db = FreshDbPath("killed.sqlite");
  std::string first = WriteTempFile("first.paje", Header() + kEveryKindBody);
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + first).exit_code, 0);
  std::string scratch = db + ".load-2";
  std::string script = std::string(TRACEDB_BINARY) + " ingest -q --db " + db + " " + big +
                       " & pid=$!; while [ ! -s " + scratch +
                       " ]; do sleep 0.01; done; sleep 0.2; kill -9 $pid; wait $pid; exit 0";
  ASSERT_EQ(std::system(script.c_str()), 0);
  ASSERT_TRUE(Exists(scratch));
  {
    SqliteConnection c(db);
    EXPECT_EQ(Rows(c, "SELECT id, status FROM trace ORDER BY id"),
              (std::vector<std::string>{"1|complete", "2|loading"}));
    EXPECT_EQ(Rows(c, "SELECT count(*) FROM state WHERE trace_id = 2"),
              std::vector<std::string>{"0"});
  }
  CliRun list = Tracedb("list --db " + db);
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(list.err, "tracedb: warning: " + db +
                          ": removed trace 2 (big.paje), whose ingest was interrupted\n");
  EXPECT_FALSE(Exists(scratch));
  CliRun again = Tracedb("ingest -q --db " + db + " " + big);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT id, name, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|first.paje|complete", "3|big.paje|complete"}));
  EXPECT_EQ(Rows(c, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
}

// The same on PostgreSQL: the server aborts the killed loader's transaction
// (its partition tables vanish) and frees its advisory lock; the next
// command sees the lock free and removes the "loading" row.
TEST(IngestKill, AKilledPostgresIngestIsCleanedUpAndCanBeRedone) {
  TRACEDB_SKIP_WITHOUT_SERVER(Backend::kPostgres);
  std::string big = WriteTempFile("big_pg.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 40M " + big).c_str()), 0);
  TestDatabase database(Backend::kPostgres, "killed");
  std::string db = database.url();
  std::string first = WriteTempFile("first_pg.paje", Header() + kEveryKindBody);
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + first).exit_code, 0);
  // Killed while rows flow: once its trace row is there, plus 0.1 s (the
  // 40 MB load takes about 0.7 s; a fixed delay from the start was too long
  // once the loads got faster).
  BackgroundChild load(TRACEDB_BINARY, {"ingest", "-q", "--batch-size", "5000", "--db", db, big});
  while (load.Running() && database.Rows("SELECT count(*) FROM trace WHERE id = 2") !=
                               std::vector<std::string>{"1"}) {
    usleep(2'000);
  }
  usleep(100'000);
  load.Kill();
  ASSERT_TRUE(load.Wait().signaled);
  EXPECT_EQ(database.Rows("SELECT id, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|complete", "2|loading"}));
  // The server ends the dead loader's session (and lock) as soon as it reads
  // the closed socket; wait for that rather than race it.
  WaitForKilledSessions(database);
  EXPECT_EQ(database.RowCounts(2), NoTraceRows());
  CliRun list = Tracedb("list --db " + db);
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(list.err, "tracedb: warning: " + db +
                          ": removed trace 2 (big_pg.paje), whose ingest was interrupted\n");
  CliRun again = Tracedb("ingest -q --db " + db + " " + big);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(database.Rows("SELECT id, name, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|first_pg.paje|complete", "3|big_pg.paje|complete"}));
  EXPECT_EQ(database.Rows("SELECT count(*) FROM pg_tables WHERE schemaname = 'trace_part'"),
            std::vector<std::string>{"28"});
}

// A PostgreSQL load indexes the variable and link partitions on its second
// connection, the others at attach: either way each partition has its
// parent's indexes once, under the names ATTACH gives, and attached to them.
TEST(IngestPostgres, EachPartitionHasItsParentsIndexesOnce) {
  TRACEDB_SKIP_WITHOUT_SERVER(Backend::kPostgres);
  TestDatabase database(Backend::kPostgres, "indexes");
  std::string trace = WriteTempFile("indexed.paje", Header() + kEveryKindBody);
  ASSERT_EQ(Tracedb("ingest -q --db " + database.url() + " " + trace).exit_code, 0);
  EXPECT_EQ(
      database.Rows("SELECT c.relname || '|' || p.relname FROM pg_index x"
                    " JOIN pg_class c ON c.oid = x.indexrelid"
                    " JOIN pg_namespace n ON n.oid = c.relnamespace"
                    " LEFT JOIN pg_inherits h ON h.inhrelid = x.indexrelid"
                    " LEFT JOIN pg_class p ON p.oid = h.inhparent"
                    " WHERE n.nspname = 'trace_part' ORDER BY 1"),
      (std::vector<std::string>{
          "call_path_1_trace_id_container_id_idx|call_path_container",
          "container_1_pkey|container_pkey", "event_1_container_id_time_idx|event_container_time",
          "event_summary_1_trace_id_container_id_idx|event_summary_container",
          "link_1_container_id_start_time_idx|link_container_time",
          "link_summary_1_trace_id_messages_idx|link_summary_messages",
          "link_summary_1_trace_id_start_container_id_end_container_id_idx|"
          "link_summary_containers",
          "state_1_container_id_start_time_idx|state_container_time",
          "state_1_duration_class_start_time_idx|state_long_time",
          "state_duration_1_trace_id_duration_class_idx|state_duration_class",
          "state_profile_1_trace_id_bin_idx|state_profile_bin",
          "state_summary_1_trace_id_container_id_idx|state_summary_container",
          "type_1_pkey|type_pkey", "value_1_pkey|value_pkey",
          "variable_1_container_id_start_time_idx|variable_container_time",
          "variable_summary_1_trace_id_container_id_idx|variable_summary_container"}));
}

// "containers|states|events|variables|links" of pj_dump lines.
std::string CountsOfDump(const std::string& dump) {
  std::map<std::string, int> count;
  std::istringstream lines(dump);
  for (std::string line; std::getline(lines, line);) ++count[line.substr(0, line.find(','))];
  return std::to_string(count["Container"]) + "|" + std::to_string(count["State"]) + "|" +
         std::to_string(count["Event"]) + "|" + std::to_string(count["Variable"]) + "|" +
         std::to_string(count["Link"]);
}

// Four loaders at once into one PostgreSQL database: all complete, each
// with exactly its own rows.
TEST(IngestConcurrent, FourIngestsIntoOnePostgresDatabaseAllSucceed) {
  TRACEDB_SKIP_WITHOUT_SERVER(Backend::kPostgres);
  TestDatabase database(Backend::kPostgres, "concurrent");
  std::string db = database.url();
  std::string script;
  std::vector<std::string> paths;
  for (int i = 0; i < 4; ++i) {
    std::string path = WriteTempFile("par" + std::to_string(i) + ".paje", "");
    paths.push_back(path);
    ASSERT_EQ(std::system(
                  (std::string(TRACEDB_GEN) + " --size 2M --seed " + std::to_string(i) + " " + path)
                      .c_str()),
              0);
    script += std::string(TRACEDB_BINARY) + " ingest -q --db '" + db + "' " + path + " & ";
  }
  script += "fail=0; for j in 1 2 3 4; do wait -n || fail=1; done; exit $fail";
  ASSERT_EQ(std::system(("bash -c \"" + script + "\"").c_str()), 0);
  auto traces = database.Rows(
      "SELECT name, status, container_count, state_count, event_count, variable_count,"
      " link_count FROM trace ORDER BY name");
  ASSERT_EQ(traces.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    std::string name = "par" + std::to_string(i) + ".paje";
    std::string id = database.Rows("SELECT id FROM trace WHERE name = '" + name + "'").at(0);
    std::string stored =
        database
            .Rows("SELECT (SELECT count(*) FROM container WHERE trace_id = " + id +
                  ") || '|' || (SELECT count(*) FROM state WHERE trace_id = " + id +
                  ") || '|' || (SELECT count(*) FROM event WHERE trace_id = " + id +
                  ") || '|' || (SELECT count(*) FROM variable WHERE trace_id = " + id +
                  ") || '|' || (SELECT count(*) FROM link WHERE trace_id = " + id + ")")
            .at(0);
    EXPECT_EQ(traces[i], name + "|complete|" + stored);
    EXPECT_EQ(stored, CountsOfDump(Tracedb("dump " + paths[i]).out)) << name;
  }
}

}  // namespace
}  // namespace tracedb::testing::ingest_load_cli_test
