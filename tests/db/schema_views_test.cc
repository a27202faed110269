// The schema's views: names joined in, complete traces only, on both
// backends.
#include <gtest/gtest.h>

#include <regex>

#include "db/postgres/pg_partitions.h"
#include "db/sqlite/sqlite_migrate.h"
#include "support/backend_support.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::schema_views_test {
namespace {

constexpr const char* kTraces =
    "INSERT INTO trace (id, name, path, format, sha256, ingested_at, tool_version, status)"
    " VALUES (1, 'done', 'a.paje', 'paje', 'aa', '2026-11-23T10:00:00Z', '0.1.0', 'complete'),"
    "        (2, 'half', 'b.paje', 'paje', 'bb', '2026-11-23T10:00:00Z', '0.1.0', 'loading'),"
    "        (3, 'bad', 'c.paje', 'paje', 'cc', '2026-11-23T10:00:00Z', '0.1.0', 'failed')";

class SchemaViews : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "views");
    if (GetParam() == Backend::kSqlite) {
      SqliteConnection connection(database_->url());
      Migrate(connection);
    } else {  // tracedb migrates the database it opens
      ASSERT_EQ(Tracedb("list --json --db " + database_->url()).exit_code, 0);
    }
    std::string sql = kTraces;
    for (int64_t id : {1, 2, 3}) {
      if (GetParam() == Backend::kPostgres) {  // rows need their trace's partitions
        for (const char* table : kEntityTables) {
          sql += std::string(";CREATE TABLE ") + PartitionName(table, id) + " PARTITION OF " +
                 table + " FOR VALUES IN (" + std::to_string(id) + ")";
        }
      }
      sql += ";" + SampleRowsSql(id);
    }
    database_->Exec(sql);
  }

  std::vector<std::string> View(const std::string& sql) { return database_->Rows(sql); }

  std::unique_ptr<TestDatabase> database_;
};

class SqliteSchema : public ::testing::Test {
 protected:
  void SetUp() override {
    Migrate(connection_);
    connection_.Exec(kTraces);
    for (int64_t id : {1, 2, 3}) InsertSampleRows(connection_, id);
  }

  std::vector<std::string> View(const std::string& sql) { return Rows(connection_, sql); }

  SqliteConnection connection_{FreshDbPath("views.sqlite")};
};

// The root is the trace's frame, not a container: left out, and no parent. PostgreSQL's
// extra is jsonb, which prints a blank after ':'.
TEST_P(SchemaViews, ContainerViewNamesParentAndType) {
  std::string extra = GetParam() == Backend::kSqlite ? R"({"host":"n1"})" : R"({"host": "n1"})";
  EXPECT_EQ(View("SELECT * FROM container_view ORDER BY trace_id, id"),
            (std::vector<std::string>{
                "1|1|rank0|rank0|NULL|NULL|1|Rank|0.5|10.0|9.5|" + extra,
                "1|2|rank1|rank1|NULL|NULL|1|Rank|0.5|9.0|8.5|NULL",
            }));
}

TEST_P(SchemaViews, StateViewShowsNamesAndDuration) {
  EXPECT_EQ(
      View("SELECT * FROM state_view"),
      std::vector<std::string>{"1|1|rank0|rank0|2|Activity|0|Running|1.0|3.5|2.5|0|NULL|2|1|NULL"});
}

TEST_P(SchemaViews, EventViewShowsNamesAndExtra) {
  std::string extra = GetParam() == Backend::kSqlite ? R"({"size":"8"})" : R"({"size": "8"})";
  EXPECT_EQ(View("SELECT * FROM event_view"),
            std::vector<std::string>{"1|1|rank0|rank0|3|Mark|1|Tick|NULL|2.0|" + extra});
}

// An event whose value is a number has no value row: the view still shows
// it, with its number.
TEST_P(SchemaViews, EventViewShowsNumberedEvents) {
  database_->Exec("INSERT INTO event VALUES (1, 1, 3, NULL, 3.0, NULL, -42)");
  EXPECT_EQ(View("SELECT value_id, value, number, time FROM event_view ORDER BY time"),
            (std::vector<std::string>{"1|Tick|NULL|2.0", "NULL|NULL|-42|3.0"}));
}

TEST_P(SchemaViews, VariableViewShowsValueAndDuration) {
  EXPECT_EQ(View("SELECT * FROM variable_view"),
            std::vector<std::string>{"1|1|rank0|rank0|4|Load|0.0|4.0|4.0|0.5|NULL"});
}

// Links drawn in the root show container_id 0 and no container name.
TEST_P(SchemaViews, LinkViewNamesBothEndsAndKeepsUnknownOnes) {
  EXPECT_EQ(View("SELECT * FROM link_view ORDER BY key"),
            (std::vector<std::string>{
                "1|0|NULL|NULL|5|Message|2|Send|k1|1|rank0|rank0|2|rank1|rank1|1.5|2.5|1.0|NULL|"
                "NULL|NULL",
                "1|0|NULL|NULL|5|Message|2|Send|k2|1|rank0|rank0|NULL|NULL|NULL|3.0|NULL|NULL|"
                "NULL|NULL|NULL",
            }));
}

TEST_P(SchemaViews, ColumnsAreNamedForQueries) {
  auto names = [&](const std::string& view) { return database_->Columns("SELECT * FROM " + view); };
  EXPECT_EQ(names("container_view"),
            "trace_id,id,name,path,parent_id,parent,type_id,type,start_time,end_time,duration,"
            "extra");
  EXPECT_EQ(names("state_view"),
            "trace_id,container_id,container,container_path,type_id,type,value_id,value,"
            "start_time,end_time,duration,depth,extra,duration_class,long_state,parent_start");
  EXPECT_EQ(names("event_view"),
            "trace_id,container_id,container,container_path,type_id,type,value_id,value,number,"
            "time,extra");
  EXPECT_EQ(names("variable_view"),
            "trace_id,container_id,container,container_path,type_id,type,start_time,end_time,"
            "duration,value,extra");
  EXPECT_EQ(names("link_view"),
            "trace_id,container_id,container,container_path,type_id,type,value_id,value,key,"
            "start_container_id,start_container,start_container_path,end_container_id,"
            "end_container,end_container_path,start_time,end_time,duration,size,tag,extra");
  EXPECT_EQ(names("state_summary_view"),
            "trace_id,container_id,container,container_path,type_id,type,value_id,value,count,"
            "inclusive_seconds,exclusive_seconds,min_seconds,max_seconds");
  EXPECT_EQ(names("event_summary_view"),
            "trace_id,container_id,container,container_path,type_id,type,value_id,value,count");
  EXPECT_EQ(names("variable_summary_view"),
            "trace_id,container_id,container,container_path,type_id,type,count,min,max,"
            "time_weighted_mean,start_time,end_time");
  EXPECT_EQ(names("link_summary_view"),
            "trace_id,type_id,type,start_container_id,start_container,start_container_path,"
            "end_container_id,end_container,end_container_path,messages,bytes,seconds");
  EXPECT_EQ(names("state_profile_view"),
            "trace_id,type_id,type,value_id,value,bin,bin_start,bin_end,seconds");
  EXPECT_EQ(names("call_path_view"),
            "trace_id,path_id,parent_id,container_id,container,container_path,type_id,type,"
            "value_id,value,depth,count,inclusive_seconds,exclusive_seconds");
}

TEST_F(SqliteSchema, EveryTableButTraceIsKeyedByTraceId) {
  EXPECT_EQ(View("SELECT m.name FROM sqlite_master AS m WHERE m.type = 'table'"
                 " AND m.name NOT IN ('trace', 'schema_version', 'schema_views', 'sqlite_sequence',"
                 " 'sqlite_stat1')"
                 " AND NOT EXISTS (SELECT 1 FROM pragma_table_info(m.name) AS c"
                 "                 WHERE c.name = 'trace_id' AND c.pk IN (0, 1))"),
            std::vector<std::string>{});
}

TEST_F(SqliteSchema, ContainerTimelineQueriesUseTheIndex) {
  auto plan = View(
      "EXPLAIN QUERY PLAN SELECT * FROM state WHERE trace_id = 1 AND container_id = 1"
      " ORDER BY start_time");
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_NE(plan[0].find("USING INDEX state_container_time (trace_id=? AND container_id=?)"),
            std::string::npos)
      << plan[0];
}

INSTANTIATE_TEST_SUITE_P(Backends, SchemaViews,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

// Every object's CREATE statement, without comments and layout.
std::vector<std::string> Definitions(SqliteConnection& connection) {
  std::vector<std::string> definitions;
  for (std::string sql : Rows(connection,
                              "SELECT sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
                              " ORDER BY type, name")) {
    sql = std::regex_replace(sql, std::regex("--[^\n]*"), "");
    sql = std::regex_replace(sql, std::regex("\\s+"), " ");
    sql = std::regex_replace(sql, std::regex(" ?([(),]) ?"), "$1");
    definitions.push_back(sql);
  }
  return definitions;
}

// schema.sql has the tables, views.sql the views.
TEST(SchemaDoc, SchemaSqlAndViewsSqlDeclareWhatTheMigratorBuilds) {
  SqliteConnection documented(FreshDbPath("documented.sqlite"));
  documented.Exec(FileBytes(std::string(TRACEDB_SOURCE_DIR) + "/schema/schema.sql"));
  documented.Exec(FileBytes(std::string(TRACEDB_SOURCE_DIR) + "/migrations/views.sql"));
  SqliteConnection migrated(FreshDbPath("migrated.sqlite"));
  Migrate(migrated);
  std::vector<std::string> expected = Definitions(migrated);
  std::vector<std::string> actual = Definitions(documented);
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(actual[i], expected[i]);
}

}  // namespace
}  // namespace tracedb::testing::schema_views_test
