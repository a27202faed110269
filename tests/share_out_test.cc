// ShareOut (db/pg_concurrent.h): statements among sessions by weight.
#include <gtest/gtest.h>

#include "db/pg_concurrent.h"

namespace tracedb {
namespace {

using Lists = std::vector<std::vector<std::string>>;

// The index builds of a 1 GB trace, by their tables' rows in thousands.
TEST(ShareOut, TheHeaviestFirstEachToTheLightestList) {
  std::vector<WeighedStatement> builds = {
      {8, "container"}, {3058, "event"}, {3620, "link"}, {7484, "state"}, {4457, "variable"}};
  EXPECT_EQ(ShareOut(builds, 2), (Lists{{"state", "event"}, {"variable", "link", "container"}}));
  EXPECT_EQ(ShareOut(builds, 3), (Lists{{"state"}, {"variable", "container"}, {"link", "event"}}));
}

TEST(ShareOut, EqualWeightsKeepTheirOrder) {
  EXPECT_EQ(ShareOut({{0, "a"}, {0, "b"}, {0, "c"}}, 2), (Lists{{"a", "c"}, {"b"}}));
}

// A list whose session cannot connect is handed back, unrun, not an error.
TEST(ExecConcurrently, ListsThatCannotConnectAreReturned) {
  Lists lists = {{"SELECT 1"}, {"SELECT 2", "SELECT 3"}};
  EXPECT_EQ(ExecConcurrently("postgresql://nobody@127.0.0.1:1/none?connect_timeout=5", "nowhere",
                             "SET work_mem = '8MB'", lists),
            lists);
}

TEST(ShareOut, NoEmptyListsAndAtLeastOne) {
  EXPECT_EQ(ShareOut({{5, "a"}, {3, "b"}}, 4), (Lists{{"a"}, {"b"}}));
  EXPECT_EQ(ShareOut({{5, "a"}, {3, "b"}}, 0), (Lists{{"a", "b"}}));
  EXPECT_EQ(ShareOut({}, 2), Lists{});
}

}  // namespace
}  // namespace tracedb
