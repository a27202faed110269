// Typed data on both backends (issue 20, item 2): user fields declared as
// numbers are JSON numbers, links have size and tag columns, Paraver values
// the .pcf does not label are event numbers; and dump --db still prints
// what dump prints.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/paraver_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::typed_data_cli_test {
namespace {

// One event definition with a user field of each declared type; the first
// line's texts are exact numbers, the second's are not.
const char* kTypedFields =
    "%EventDef PajeNewEvent 40\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n% I int\n% D double\n% F float\n% W date\n% H hex\n% S string\n"
    "% C color\n%EndEventDef\n"
    "40 1.0 E t1 x 4096 2.50 -0.125 3 10 42 \"1 0 0\"\n"
    "40 2.0 E t1 y 1e3 007 -0 nan ff 7 \"0 1 0\"\n";

// Links with user fields on both halves: a start and an end definition of
// their own, beside the header's plain ones (16, 17).
const char* kLinkFields =
    "%EventDef PajeStartLink 50\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n% StartContainer string\n% Key string\n% Size int\n% Tag string\n"
    "%EndEventDef\n"
    "%EventDef PajeEndLink 51\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n% EndContainer string\n% Key string\n% size int\n% tag int\n"
    "%EndEventDef\n"
    // Both halves give both: the start half's win (its Tag is text, but an
    // integer's).
    "50 1.0 L 0 m t1 k1 4096 7\n"
    "51 2.0 L 0 m t2 k1 100 9\n"
    // The end half first; the start half's are not integers: the end's.
    "51 3.0 L 0 m t2 k2 200 3\n"
    "50 2.5 L 0 m t1 k2 \"4 KiB\" x\n"
    // No user fields: NULL.
    "16 4.0 L 0 m t1 k3\n"
    "17 5.0 L 0 m t2 k3\n"
    // 1e3 is no integer text, 007 is one.
    "50 6.0 L 0 m t1 k4 1e3 -5\n"
    "51 7.0 L 0 m t2 k4 007 0\n";

// Two threads, each in states Running and Sync; a hardware counter (a type
// the .pcf labels, its values not), an MPI type whose value 2 is labelled
// and 9 is not, and two communications.
const char* kPrv =
    "#Paraver (01/02/2020 at 10:00):100_ns:1(2):1:2(1:1,1:1)\n"
    "1:1:1:1:1:0:40:1\n"
    "1:1:1:1:1:40:100:2\n"
    "1:2:1:2:1:0:60:2\n"
    "1:2:1:2:1:60:100:1\n"
    "2:1:1:1:1:10:42000050:1000:50000001:2\n"
    "2:1:1:1:1:30:42000050:3000\n"
    "2:1:1:1:1:50:42000050:500\n"
    "2:2:1:2:1:20:42000050:700\n"
    "2:2:1:2:1:70:42000050:2000:50000001:9\n"
    "3:1:1:1:1:5:6:2:1:2:1:7:8:4096:17\n"
    "3:2:1:2:1:80:81:1:1:1:1:82:83:64:-3\n";
const char* kPcf =
    "STATES\n1 Running\n2 Sync\n\n"
    "EVENT_TYPE\n9 50000001 MPI P2P\nVALUES\n2 MPI_Recv\n\n"
    "EVENT_TYPE\n7 42000050 PAPI_TOT_INS\n";

// A counter counted within each state value (docs/archive.md's query 6):
// the counter is a variable of its rate (paraver-format.md, "Mapping 2"),
// so what it counted within a state is the integral of the rate over the
// overlap of the two intervals, summed per state value. CASE rather than
// min/max or LEAST/GREATEST: the same SQL on both databases.
const char* kCounterPerState =
    "SELECT v.name AS state,"
    "       sum(x.value * (CASE WHEN x.end_time < s.end_time THEN x.end_time ELSE s.end_time END"
    "                    - CASE WHEN x.start_time > s.start_time THEN x.start_time"
    "                      ELSE s.start_time END)) AS instructions"
    " FROM state s"
    " JOIN value v ON v.trace_id = s.trace_id AND v.id = s.value_id"
    " JOIN variable x ON x.trace_id = s.trace_id AND x.container_id = s.container_id"
    "                AND x.start_time < s.end_time AND x.end_time > s.start_time"
    " JOIN type t ON t.trace_id = x.trace_id AND t.id = x.type_id"
    " WHERE s.trace_id = 1 AND t.name LIKE 'PAPI_TOT_INS%'"
    " GROUP BY v.name ORDER BY v.name";

class TypedDataCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "typed");
    db_ = "'" + database_->url() + "'";
  }

  bool sqlite() const { return GetParam() == Backend::kSqlite; }
  // The JSON type of member `key` of extra: SQLite's typeof() of
  // json_extract, PostgreSQL's jsonb_typeof.
  std::string JsonType(const std::string& key) const {
    if (sqlite()) return "typeof(json_extract(extra, '$." + key + "'))";
    return "jsonb_typeof(extra->'" + key + "')";
  }
  // Ingests `path` and checks that dump --db prints what dump prints,
  // with and without user fields.
  void IngestAndCompareDumps(const std::string& path, const std::string& name) {
    CliRun run = Tracedb("ingest -q --db " + db_ + " " + path);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    for (const char* u : {"", "-u "}) {
      CliRun file = Tracedb(std::string("dump ") + u + path);
      CliRun stored = Tracedb(std::string("dump ") + u + "--db " + db_ + " " + name);
      ASSERT_EQ(stored.exit_code, 0) << stored.err;
      EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out)) << u;
    }
  }

  std::unique_ptr<TestDatabase> database_;
  std::string db_;
};

TEST_P(TypedDataCli, FieldsDeclaredAsNumbersAreJsonNumbersWhenTheirTextIsExact) {
  std::string path = WriteTempFile("typed.paje", Header() + kTypedFields);
  IngestAndCompareDumps(path, "typed.paje");
  std::string types;
  for (const char* key : {"I", "D", "F", "W", "H", "S", "C"}) {
    types += std::string(types.empty() ? "" : " || ',' || ") + JsonType(key);
  }
  std::string number = sqlite() ? "integer" : "number";
  std::string real = sqlite() ? "real" : "number";
  std::string text = sqlite() ? "text" : "string";
  EXPECT_EQ(
      database_->Rows("SELECT " + types + " FROM event ORDER BY time"),
      (std::vector<std::string>{
          number + "," + real + "," + real + "," + number + "," + text + "," + text + "," + text,
          text + "," + text + "," + text + "," + text + "," + text + "," + text + "," + text}));
  // Summed where they are numbers (SQLite's sum would read "1e3" as 1000).
  EXPECT_EQ(database_->Rows(sqlite() ? "SELECT sum(json_extract(extra, '$.I')) FROM event"
                                       " WHERE json_type(extra, '$.I') = 'integer'"
                                     : "SELECT sum((extra->>'I')::bigint) FROM event"
                                       " WHERE jsonb_typeof(extra->'I') = 'number'"),
            std::vector<std::string>{"4096"});
  EXPECT_EQ(database_->Rows(sqlite() ? "SELECT json_extract(extra, '$.D') FROM event WHERE time = 1"
                                     : "SELECT extra->>'D' FROM event WHERE time = 1"),
            std::vector<std::string>{sqlite() ? "2.5" : "2.50"});
}

TEST_P(TypedDataCli, PajeLinksTakeSizeAndTagFromUserFields) {
  std::string path = WriteTempFile("links.paje", Header() + kLinkFields);
  IngestAndCompareDumps(path, "links.paje");
  EXPECT_EQ(database_->Rows("SELECT key, size, tag FROM link_view ORDER BY key"),
            (std::vector<std::string>{"k1|4096|7", "k2|200|3", "k3|NULL|NULL", "k4|7|-5"}));
  // Every field stays in extra too, in the order of arrival of the halves.
  EXPECT_EQ(database_->Rows("SELECT extra FROM link WHERE key IN ('k1', 'k2') ORDER BY key"),
            (std::vector<std::string>{
                sqlite() ? R"({"Size":4096,"Tag":"7","size":100,"tag":9})"
                         : R"({"Tag": "7", "tag": 9, "Size": 4096, "size": 100, )"
                           R"("#order": ["Size", "Tag", "size", "tag"]})",
                sqlite() ? R"({"size":200,"tag":3,"Size":"4 KiB","Tag":"x"})"
                         : R"({"Tag": "x", "tag": 3, "Size": "4 KiB", "size": 200, )"
                           R"("#order": ["size", "tag", "Size", "Tag"]})"}));
}

// A link's halves may repeat a name: the first value is the one queries
// find, on both databases, and the dump still prints both.
TEST_P(TypedDataCli, ARepeatedFieldNameGivesItsFirstValueToQueries) {
  std::string defs =
      "%EventDef PajeStartLink 50\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n% StartContainer string\n% Key string\n% Size int\n%EndEventDef\n"
      "%EventDef PajeEndLink 51\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n% EndContainer string\n% Key string\n% Size int\n%EndEventDef\n";
  std::string path = WriteTempFile(
      "repeat.paje", Header() + defs + "51 1.0 L 0 m t2 k 20\n50 2.0 L 0 m t1 k 10\n");
  IngestAndCompareDumps(path, "repeat.paje");
  EXPECT_EQ(database_->Rows(sqlite() ? "SELECT size, json_extract(extra, '$.Size') FROM link"
                                     : "SELECT size, extra->'Size' FROM link"),
            std::vector<std::string>{"10|20"});
  EXPECT_EQ(
      database_->Rows("SELECT extra FROM link"),
      std::vector<std::string>{sqlite() ? R"({"Size":20,"Size":10})"
                                        : R"({"Size": 20, "#order": ["Size", ["Size", 10]]})"});
}

TEST_P(TypedDataCli, ParaverCommunicationsHaveSizeAndTag) {
  std::string path = WriteParaverTrace("comms", kPrv, kPcf);
  IngestAndCompareDumps(path, "comms.prv");
  EXPECT_EQ(database_->Rows("SELECT key, value, size, tag FROM link_view ORDER BY key"),
            (std::vector<std::string>{"1|17|4096|17", "2|-3|64|-3"}));
  std::string type = JsonType("size") + " || ',' || " + JsonType("lsend");
  EXPECT_EQ(database_->Rows("SELECT " + type + " FROM link WHERE key = '1'"),
            std::vector<std::string>{sqlite() ? "integer,real" : "number,number"});
}

TEST_P(TypedDataCli, UnlabelledParaverEventValuesAreNumbers) {
  std::string path = WriteParaverTrace("counters", kPrv, kPcf);
  IngestAndCompareDumps(path, "counters.prv");
  EXPECT_EQ(database_->Rows("SELECT t.name, v.name, e.number FROM event e"
                            " JOIN type t ON t.trace_id = e.trace_id AND t.id = e.type_id"
                            " LEFT JOIN value v ON v.trace_id = e.trace_id AND v.id = e.value_id"
                            " ORDER BY e.time, t.name"),
            (std::vector<std::string>{"MPI P2P|MPI_Recv|NULL", "MPI P2P|NULL|9"}));
  // Exactly one of value_id and number.
  EXPECT_EQ(
      database_->Rows("SELECT count(*) FROM event WHERE (value_id IS NULL) = (number IS NULL)"),
      std::vector<std::string>{"0"});
  // Only the labelled value and the tags are value rows.
  EXPECT_EQ(database_->Rows("SELECT t.name, v.name FROM value v"
                            " JOIN type t ON t.trace_id = v.trace_id AND t.id = v.type_id"
                            " WHERE t.kind <> 'state' ORDER BY v.id"),
            (std::vector<std::string>{"MPI P2P|MPI_Recv", "Communication|17", "Communication|-3"}));
  EXPECT_EQ(database_->Rows("SELECT type, value, number FROM event_view WHERE number = 9"),
            std::vector<std::string>{"MPI P2P|NULL|9"});
}

// Thread 1: Running [0, 40) ns, Sync [40, 100); samples 1000 at 10, 3000 at
// 30, 500 at 50. Thread 2: Sync [0, 60), Running [60, 100); 700 at 20, 2000
// at 70. Running counts 1000 + 3000 + 250 + 400, Sync 250 + 700 + 1600.
TEST_P(TypedDataCli, ACounterIsCountedPerStateValueInSql) {
  std::string path = WriteParaverTrace("per_state", kPrv, kPcf);
  IngestAndCompareDumps(path, "per_state.prv");
  EXPECT_EQ(database_
                ->Rows("SELECT t.name, x.start_time * 1e9, x.end_time * 1e9, x.value"
                       " FROM variable x JOIN type t ON t.trace_id = x.trace_id"
                       " AND t.id = x.type_id ORDER BY x.container_id, x.start_time")
                .size(),
            5u);
  std::vector<std::string> rows = database_->Rows(kCounterPerState);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_TRUE(rows[0].starts_with("Running|")) << rows[0];
  EXPECT_NEAR(std::stod(rows[0].substr(8)), 4650, 1e-6);
  EXPECT_TRUE(rows[1].starts_with("Sync|")) << rows[1];
  EXPECT_NEAR(std::stod(rows[1].substr(5)), 2550, 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Backends, TypedDataCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::typed_data_cli_test
