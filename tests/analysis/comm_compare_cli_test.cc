// tracedb comm and compare on both backends, with exact output on tiny
// traces and the refusals of what they cannot answer; and the times of
// traces far from zero or before it, through query, profile, plot and
// report.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis_cli.h"

namespace tracedb::testing::analysis_cli::comm_compare_cli_test {
namespace {

TEST_P(AnalysisCli, CommListsTheBusiestPairsFirst) {
  Ingest("messages.paje", kMessages);
  CliRun run = Tracedb("comm --csv --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out,
            "type,start_container_path,end_container_path,messages,bytes,seconds\n"
            "Link,node1/thread1,node1/thread2,2,150,1.5\n"
            "Link,node2/thread1,node1/thread1,2,,1.0\n"
            "Link,node1/thread2,node2/thread1,1,10,0.75\n");
  run = Tracedb("comm --json --limit 1 --db " + db() + " 1");
  EXPECT_EQ(run.out,
            "[\n{\"type\":\"Link\",\"start_container_path\":\"node1/thread1\","
            "\"end_container_path\":\"node1/thread2\",\"messages\":2,\"bytes\":150,"
            "\"seconds\":1.5}\n]\n");
}

TEST_P(AnalysisCli, CommShowsTheSquareMatricesOfAFewContainers) {
  Ingest("messages.paje", kMessages);
  CliRun run = Tracedb("comm --limit 2 --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "messages, row to column\n"
            "                 1  2  3\n"
            "1 node1/thread1  .  2  .\n"
            "2 node1/thread2  .  .  1\n"
            "3 node2/thread1  2  .  .\n"
            "\n"
            "bytes, row to column\n"
            "                   1    2    3\n"
            "1 node1/thread1    .  150    .\n"
            "2 node1/thread2    .    .   10\n"
            "3 node2/thread1    .    .    .\n"
            "\n"
            "type  start_container_path  end_container_path  messages  bytes  seconds\n"
            "Link  node1/thread1         node1/thread2              2    150      1.5\n"
            "Link  node2/thread1         node1/thread1              2             1.0\n"
            "(the 2 busiest of 3 pairs; --limit 0 shows them all)\n");
}

// 33 senders: too many for a square; the list alone.
TEST_P(AnalysisCli, CommLeavesTheSquareOutPastThirtyTwoContainers) {
  std::string body;
  for (int i = 0; i < 33; ++i) {
    std::string k = std::to_string(i);
    body += "6 0 s" + k + " T n1 sender" + k + "\n16 1.0 L 0 m s" + k + " k" + k + "\n";
  }
  for (int i = 0; i < 33; ++i) body += "17 2.0 L 0 m t1 k" + std::to_string(i) + "\n";
  Ingest("many.paje", body);
  CliRun run = Tracedb("comm --limit 1 --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type  start_container_path  end_container_path  messages  bytes  seconds\n"
            "Link  node1/sender0         node1/thread1              1             1.0\n"
            "(the 1 busiest of 33 pairs; --limit 0 shows them all)\n");
}

TEST_P(AnalysisCli, CommOfATraceWithoutLinks) {
  Ingest("quiet.paje", "8 1.0 S t1 A\n");
  CliRun run = Tracedb("comm --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "trace 1 (quiet.paje) has no links\n");
  EXPECT_EQ(Tracedb("comm --csv --db " + db() + " 1").out,
            "type,start_container_path,end_container_path,messages,bytes,seconds\n");
  EXPECT_EQ(Tracedb("comm --json --db " + db() + " 1").out, "[]\n");
}

TEST_P(AnalysisCli, CompareMatchesValuesByNameLargestDifferenceFirst) {
  Ingest("twins.paje", kTwins);
  Ingest("later.paje", kTwinsLater);
  CliRun run = Tracedb("compare --csv --db " + db() + " 1 2");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  // Later, both As last 3 s (to 4.0): 6 s, of which B's 1.5 and D's 0.25
  // are not exclusive.
  EXPECT_EQ(run.out,
            "type,value,a_inclusive,a_exclusive,b_inclusive,b_exclusive,difference,ratio\n"
            "State,B,0.5,0.5,1.5,1.5,1.0,3.0\n"
            "State,A,4.0,3.5,6.0,4.25,0.75,1.21428571428571\n"
            "State,D,,,0.25,0.25,0.25,\n"
            "State,C,0.0,0.0,,,0.0,\n");
  run = Tracedb("compare --by container --db " + db() + " twins.paje later.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "a: trace 1 (twins.paje)\n"
            "b: trace 2 (later.paje)\n"
            "\n"
            "container_path  type   value  a_inclusive  a_exclusive  b_inclusive  b_exclusive"
            "  difference  ratio\n"
            "node2/thread1   State  B              0.5          0.5          1.5          1.5"
            "         1.0    3.0\n"
            "node1/thread1   State  A              2.0          2.0          3.0         2.75"
            "        0.75  1.375\n"
            "node1/thread1   State  D                                       0.25         0.25"
            "        0.25\n"
            "node1/thread1   State  C              0.0          0.0"
            "                                   0.0\n"
            "node2/thread1   State  A              2.0          1.5          3.0          1.5"
            "         0.0    1.0\n");
}

// Pajé names need not be unique: two thread1 under node1 were two rows of
// "node1/thread1" in profile and one that added them up in compare. Each
// is followed by its alias wherever a container is named. The trace ends
// at 2.0, its last event, and every state with it.
TEST_P(AnalysisCli, ContainersOfOnePathAreToldApartByAlias) {
  const std::string body =
      "6 0 t3 T n1 thread1\n"
      "8 1.0 S t1 A\n"
      "8 1.5 S t3 A\n"
      "8 2.0 S t2 A\n"
      "16 1.0 L 0 m t1 k\n"
      "17 2.0 L 0 m t3 k\n";
  Ingest("same-names.paje", body);
  CliRun run = Profile("--by container --csv 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "container_path,type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "node1/thread1 [t1],State,A,1,1.0,1.0,0.5\n"
            "node1/thread1 [t3],State,A,1,0.5,0.5,0.25\n"
            "node1/thread2,State,A,1,0.0,0.0,0.0\n");
  run = Tracedb("compare --by container --csv --db " + db() + " 1 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "container_path,type,value,a_inclusive,a_exclusive,b_inclusive,b_exclusive,"
            "difference,ratio\n"
            "node1/thread1 [t1],State,A,1.0,1.0,1.0,1.0,0.0,1.0\n"
            "node1/thread1 [t3],State,A,0.5,0.5,0.5,0.5,0.0,1.0\n"
            "node1/thread2,State,A,0.0,0.0,0.0,0.0,0.0,\n");
  run = Tracedb("comm --csv --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type,start_container_path,end_container_path,messages,bytes,seconds\n"
            "Link,node1/thread1 [t1],node1/thread1 [t3],1,,1.0\n");
  // Without aliases to tell them apart (a database edited by hand), their ids do.
  database_->Exec("UPDATE container SET alias = NULL WHERE trace_id = 1 AND name = 'thread1'");
  run = Profile("--by container --csv 1");
  EXPECT_EQ(run.out,
            "container_path,type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "node1/thread1 [#2],State,A,1,1.0,1.0,0.5\n"
            "node1/thread1 [#4],State,A,1,0.5,0.5,0.25\n"
            "node1/thread2,State,A,1,0.0,0.0,0.0\n");
}

// A trace in microseconds since 1970, or before zero, spans its events,
// not [0, its last] as its root container does (PajeNG's): its list span,
// a window with one end given, and its Gantt chart's ticks.
TEST_P(AnalysisCli, ATraceSpansItsEventsFarFromZeroOrBeforeIt) {
  const std::string types = Header().substr(0, Header().find("6 0 n1"));
  auto ingest = [&](const std::string& name, const std::string& body) {
    CliRun run = Tracedb("ingest -q --db " + db() + " " + WriteTempFile(name, types + body));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  };
  ingest("far.paje",
         "6 1e15 n1 N 0 node1\n6 1e15 t1 T n1 thread1\n8 1000000000000001 S t1 A\n"
         "8 1000000000000003 S t1 B\n7 1000000000000005 T t1\n");
  ingest("before.paje",
         "6 -10 n1 N 0 node1\n6 -10 t1 T n1 thread1\n8 -9 S t1 A\n8 -7 S t1 B\n"
         "7 -5 T t1\n");
  CliRun run =
      Tracedb("query --csv --db " + db() +
              " 'SELECT name, start_time, end_time - start_time AS span FROM trace ORDER BY id'");
  EXPECT_EQ(run.out, "name,start_time,span\nfar.paje,1e+15,5.0\nbefore.paje,-10.0,5.0\n");
  // Every output of query keeps every digit of a time, as psql does (the
  // SQLite shell's 15 digits print "1e+15" twice).
  const std::string starts =
      " 'SELECT start_time FROM state WHERE trace_id = 1 ORDER BY start_time'";
  run = Tracedb("query --csv --db " + db() + starts);
  EXPECT_EQ(run.out, "start_time\n1000000000000001.0\n1000000000000003.0\n");
  run = Tracedb("query --json --db " + db() + starts);
  EXPECT_EQ(run.out,
            "[\n{\"start_time\":1000000000000001.0},\n{\"start_time\":1000000000000003.0}\n]\n");
  run = Tracedb("query --db " + db() + starts);
  EXPECT_EQ(run.out, "        start_time\n1000000000000001.0\n1000000000000003.0\n");
  run = Profile("--from -8 --csv 2");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "State,B,1,2.0,2.0,0.666666666666667\n"
            "State,A,1,1.0,1.0,0.333333333333333\n");
  std::string svg = Folder() + "/far.svg";
  run = Tracedb("plot gantt --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string chart = ReadWholeFile(svg);
  EXPECT_NE(chart.find(">+1</text>"), std::string::npos) << chart;
  EXPECT_EQ(chart.find(">1e+15</text>", chart.find(">1e+15</text>") + 1), std::string::npos)
      << chart;
  // The report's span, with nine digits, was "1e+15 to 1e+15".
  std::string html = Folder() + "/far.html";
  run = Tracedb("report --db " + db() + " -o " + html + " --from 1000000000000002 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string report = ReadWholeFile(html);
  EXPECT_NE(report.find("<td>1000000000000000.0 s to 1000000000000005.0 s (5.0 s)</td>"),
            std::string::npos);
  EXPECT_NE(report.find("<td>1000000000000002.0 s to 1000000000000005.0 s</td>"),
            std::string::npos);
}

TEST_P(AnalysisCli, CompareRefusesWhatItCannotAnswer) {
  Ingest("twins.paje", kTwins);
  CliRun run = Tracedb("compare --db " + db() + " 1 nosuch");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "tracedb: " + db() + ": no trace 'nosuch' (see tracedb list)\n");
  run = Tracedb("compare --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb compare: give two traces, A and B\n"
            "(run 'tracedb compare --help' for usage)\n");
}

}  // namespace
}  // namespace tracedb::testing::analysis_cli::comm_compare_cli_test
