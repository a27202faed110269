// The .prv header line: every variant of paraver-format.md, and the
// exact messages of malformed ones.
#include <gtest/gtest.h>

#include "format/paraver/header.h"
#include "format/paraver/object_model.h"
#include "model/input_error.h"

namespace tracedb::paraver::paraver_header_test {
namespace {

std::string HeaderError(std::string_view line) {
  try {
    ParseHeader(line);
  } catch (const ProblemError& e) {
    return std::to_string(e.line()) + ": " + e.what();
  }
  return "no error";
}

std::vector<std::pair<uint32_t, uint32_t>> Tasks(const ParaverHeader& h, size_t appl) {
  std::vector<std::pair<uint32_t, uint32_t>> tasks;
  for (const TaskShape& t : h.applications.at(appl)) tasks.emplace_back(t.threads, t.node);
  return tasks;
}

TEST(ParaverHeader, ExtraeHeaderWithNanosecondsAndCommunicators) {
  ParaverHeader h =
      ParseHeader("#Paraver (09/10/2019 at 16:08):6082352213_ns:1(4):1:4(1:1,1:1,1:1,1:1),5");
  EXPECT_EQ(h.date, "09/10/2019 at 16:08");
  EXPECT_EQ(h.end_time, 6082352213);
  EXPECT_EQ(h.unit, "ns");
  EXPECT_EQ(h.seconds_per_tick, 1e-9);
  EXPECT_EQ(h.tick_decimals, 9);
  EXPECT_EQ(h.cpus_per_node, std::vector<uint32_t>{4});
  ASSERT_EQ(h.applications.size(), 1u);
  EXPECT_EQ(Tasks(h, 0),
            (std::vector<std::pair<uint32_t, uint32_t>>{{1, 1}, {1, 1}, {1, 1}, {1, 1}}));
  EXPECT_EQ(h.communicator_count, 5u);
}

TEST(ParaverHeader, OldHeaderWithoutUnitIsMicrosecondsAndApplicationsSplitByColon) {
  ParaverHeader h = ParseHeader("#Paraver (23/02/01 at 18:57):1000:2(4,4):2:2(4:2,4:1):1(4:2)");
  EXPECT_EQ(h.end_time, 1000);
  EXPECT_EQ(h.unit, "");
  EXPECT_EQ(h.seconds_per_tick, 1e-6);
  EXPECT_EQ(h.tick_decimals, 6);
  EXPECT_EQ(h.cpus_per_node, (std::vector<uint32_t>{4, 4}));
  ASSERT_EQ(h.applications.size(), 2u);
  EXPECT_EQ(Tasks(h, 0), (std::vector<std::pair<uint32_t, uint32_t>>{{4, 2}, {4, 1}}));
  EXPECT_EQ(Tasks(h, 1), (std::vector<std::pair<uint32_t, uint32_t>>{{4, 2}}));
  EXPECT_FALSE(h.communicator_count.has_value());
}

TEST(ParaverHeader, NoResourceModel) {
  ParaverHeader h = ParseHeader("#Paraver (10/04/01 at 18:21):620244:0:1:1(4:0)");
  EXPECT_TRUE(h.cpus_per_node.empty());
  EXPECT_EQ(Tasks(h, 0), (std::vector<std::pair<uint32_t, uint32_t>>{{4, 0}}));
}

TEST(ParaverHeader, NoSpaceBeforeTheDate) {
  ParaverHeader h = ParseHeader("#Paraver(23/02/01 at 18:57):500:1(2):1:1(1:1)");
  EXPECT_EQ(h.date, "23/02/01 at 18:57");
  EXPECT_EQ(h.end_time, 500);
}

TEST(ParaverHeader, BareNodeCountMeansOneCpuEach) {
  ParaverHeader h = ParseHeader("#Paraver (d):500:3:1:1(1:3)");
  EXPECT_EQ(h.cpus_per_node, (std::vector<uint32_t>{1, 1, 1}));
}

TEST(ParaverHeader, TimeUnits) {
  auto unit = [](const char* suffix) {
    ParaverHeader h = ParseHeader(std::string("#Paraver (d):7") + suffix + ":0:1:1(1:0)");
    return std::make_tuple(h.unit, h.seconds_per_tick, h.tick_decimals);
  };
  EXPECT_EQ(unit("_ns"), std::make_tuple(std::string("ns"), 1e-9, 9));
  EXPECT_EQ(unit("_us"), std::make_tuple(std::string("us"), 1e-6, 6));
  EXPECT_EQ(unit("_ms"), std::make_tuple(std::string("ms"), 1e-3, 3));
  EXPECT_EQ(unit(""), std::make_tuple(std::string(""), 1e-6, 6));
  // Another suffix is read as microseconds, and kept as written.
  EXPECT_EQ(unit("_ticks"), std::make_tuple(std::string("ticks"), 1e-6, 6));
}

TEST(ParaverHeader, CommaSeparatedApplicationsThenCommunicatorCount) {
  ParaverHeader h = ParseHeader("#Paraver (d):9:1(2):2:1(2:1),1(1:1),3");
  ASSERT_EQ(h.applications.size(), 2u);
  EXPECT_EQ(Tasks(h, 1), (std::vector<std::pair<uint32_t, uint32_t>>{{1, 1}}));
  EXPECT_EQ(h.communicator_count, 3u);
}

TEST(ParaverHeader, TrailingSpacesAreIgnored) {
  EXPECT_EQ(ParseHeader("#Paraver (d):9:0:1:1(1:0),0  ").communicator_count, 0u);
}

TEST(ParaverHeader, MalformedHeadersNameWhatIsWrong) {
  EXPECT_EQ(HeaderError("#Parafer (d):9:0:1:1(1:0)"),
            "1: not a Paraver trace: the first line must start with '#Paraver ('");
  EXPECT_EQ(HeaderError("#Paraver d:9:0:1:1(1:0)"),
            "1: malformed Paraver header: expected '(' after '#Paraver' at 'd:9:0:1:1(1:0)'");
  EXPECT_EQ(HeaderError("#Paraver (23/02/01 at 18:57"),
            "1: malformed Paraver header: expected '):' closing the date at '23/02/01 at 18:57'");
  EXPECT_EQ(HeaderError("#Paraver (d):abc:0:1:1(1:0)"),
            "1: malformed Paraver header: expected END_TIME (an integer) at 'abc:0:1:1(1:0)'");
  EXPECT_EQ(HeaderError("#Paraver (d):9_:0:1:1(1:0)"),
            "1: malformed Paraver header: expected a time unit after '_' at ':0:1:1(1:0)'");
  EXPECT_EQ(HeaderError("#Paraver (d):9:2(4):1:1(1:1)"),
            "1: malformed Paraver header: 2 nodes but 1 CPU counts");
  EXPECT_EQ(HeaderError("#Paraver (d):9:1(4):1:2(1:1)"),
            "1: malformed Paraver header: application 1 declares 2 task(s) but lists 1");
  EXPECT_EQ(HeaderError("#Paraver (d):9:1(4):1:1(1:2)"),
            "1: malformed Paraver header: task 1.1 is on node 2 but the header has 1 node(s)");
  EXPECT_EQ(HeaderError("#Paraver (d):9:1(4):1:"),
            "1: malformed Paraver header: expected N_TASKS of an application at the end of the "
            "line");
  EXPECT_EQ(HeaderError("#Paraver (d):9:1(4):2:1(1:1)"),
            "1: malformed Paraver header: expected ':' or ',' before the next application at the "
            "end of the line");
  EXPECT_EQ(HeaderError("#Paraver (d):9:1(4):1:1(1:1)x"),
            "1: malformed Paraver header: expected the end of the line after the applications at "
            "'x'");
  EXPECT_EQ(HeaderError("#Paraver (d):9:1(4):1:1(1:1),x"),
            "1: malformed Paraver header: expected N_COMM at 'x'");
  EXPECT_EQ(HeaderError("#Paraver (d):99999999999999999999:0:1:1(1:0)"),
            "1: malformed Paraver header: expected END_TIME (an integer) at "
            "'99999999999999999999:0:1...'");
  EXPECT_EQ(HeaderError("#Paraver (d):9:0:1:1(99999999:0)"),
            "1: malformed Paraver header: too many threads (more than 1048576 nodes, CPUs, "
            "applications, tasks and threads in all)");
}

// Counts that summed past 2^64 used to wrap around to small ones, and each
// kind had its own limit of 2^24, so a header of a few dozen bytes could
// declare billions of containers (gigabytes of memory, minutes of work).
TEST(ParaverHeader, ObjectsAreLimitedInAllAndTheirCountsCannotWrapAround) {
  const std::string kTooMany =
      " (more than 1048576 nodes, CPUs, applications, tasks and threads in all)";
  EXPECT_EQ(HeaderError("#Paraver (d):9:2(1,18446744073709551615):1:1(1:1)"),
            "1: malformed Paraver header: too many CPUs" + kTooMany);
  EXPECT_EQ(HeaderError("#Paraver (d):9:0:1:2(1:0,18446744073709551615:0)"),
            "1: malformed Paraver header: too many threads" + kTooMany);
  EXPECT_EQ(HeaderError("#Paraver (d):9:600000:1:1(1:1)"),
            "1: malformed Paraver header: too many CPUs" + kTooMany);
  EXPECT_EQ(HeaderError("#Paraver (d):9:1(1048000):1:1(600:1)"),
            "1: malformed Paraver header: too many threads" + kTooMany);
  EXPECT_EQ(HeaderError("#Paraver (d):9:0:18446744073709551615:1(1:0)"),
            "1: malformed Paraver header: too many applications" + kTooMany);
  // Exactly the limit is fine: 1 node, 1 CPU, 1 application, 1 task and the rest threads.
  ParaverHeader h = ParseHeader("#Paraver (d):9:1(1):1:1(1048572:1)");
  EXPECT_EQ(Tasks(h, 0), (std::vector<std::pair<uint32_t, uint32_t>>{{1048572, 1}}));
}

TEST(ParaverHeader, LooksLikeParaver) {
  EXPECT_TRUE(LooksLikeParaverHeader("#Paraver (d):1"));
  EXPECT_TRUE(LooksLikeParaverHeader("#Paraver(d):1"));
  EXPECT_FALSE(LooksLikeParaverHeader("#Paraver"));
  EXPECT_FALSE(LooksLikeParaverHeader("%EventDef PajeDefineContainerType 0"));
}

TEST(ParaverHeader, DatesBecomeIsoWhenTheyParse) {
  EXPECT_EQ(IsoDate("09/10/2019 at 16:08"), "2019-10-09T16:08");
  EXPECT_EQ(IsoDate("23/02/01 at 18:57"), "2001-02-23T18:57");
  EXPECT_EQ(IsoDate("31/10/99 at 17:44"), "1999-10-31T17:44");
  EXPECT_EQ(IsoDate("1/2/2003 4:05:06"), "2003-02-01T04:05:06");
  EXPECT_EQ(IsoDate("yesterday"), std::nullopt);
  EXPECT_EQ(IsoDate("31/13/2019 at 10:00"), std::nullopt);
  EXPECT_EQ(IsoDate("09/10/2019"), std::nullopt);
}

TEST(ParaverObjectModel, ThreadsAreNumberedGloballyAndCpusByNode) {
  ObjectModel objects(ParseHeader("#Paraver (d):9:2(2,3):2:2(2:1,1:2):1(3:2)"));
  EXPECT_EQ(objects.thread_count(), 6u);
  EXPECT_EQ(objects.FindThread(1, 2, 1)->index, 2u);
  EXPECT_EQ(objects.FindThread(1, 2, 1)->node, 2u);
  EXPECT_EQ(objects.FindThread(2, 1, 3)->index, 5u);
  EXPECT_FALSE(objects.FindThread(1, 2, 2));
  EXPECT_FALSE(objects.FindThread(3, 1, 1));
  EXPECT_FALSE(objects.FindThread(0, 1, 1));
  EXPECT_EQ(objects.cpu_count(), 5u);
  EXPECT_EQ(objects.NodeOfCpu(2), 1u);
  EXPECT_EQ(objects.NodeOfCpu(3), 2u);
}

}  // namespace
}  // namespace tracedb::paraver::paraver_header_test
