// ContainerOrder: grouped by container, ascending, arrival order kept.
#include "db/container_order.h"

#include <gtest/gtest.h>

namespace tracedb::testing::container_order_test {
namespace {

struct Row {
  int64_t container;
};

std::vector<uint32_t> Order(const std::vector<Row>& rows, bool (*keep)(int64_t)) {
  std::vector<uint32_t> order = {99};  // what was there is replaced
  ContainerOrderScratch scratch;
  ContainerOrder(rows, keep, order, scratch);
  return order;
}

bool All(int64_t) { return true; }
bool Even(int64_t container) { return container % 2 == 0; }

TEST(ContainerOrder, GroupsByContainerKeepingArrivalOrder) {
  std::vector<Row> rows = {{3}, {0}, {3}, {1}, {0}, {3}};
  EXPECT_EQ(Order(rows, All), (std::vector<uint32_t>{1, 4, 3, 0, 2, 5}));
}

TEST(ContainerOrder, TakesOnlyTheKeptContainers) {
  std::vector<Row> rows = {{3}, {2}, {0}, {1}, {2}, {4}};
  EXPECT_EQ(Order(rows, Even), (std::vector<uint32_t>{2, 1, 4, 5}));
}

TEST(ContainerOrder, SparseIdsAreOrderedTheSameWay) {
  std::vector<Row> rows = {{int64_t{1} << 40}, {7}, {int64_t{1} << 33}, {7}, {int64_t{1} << 40}};
  EXPECT_EQ(Order(rows, All), (std::vector<uint32_t>{1, 3, 2, 0, 4}));
}

TEST(ContainerOrder, NothingToOrder) {
  EXPECT_EQ(Order({}, All), std::vector<uint32_t>{});
  EXPECT_EQ(Order({{1}, {3}}, Even), std::vector<uint32_t>{});
}

TEST(ContainerOrder, ScratchIsReusedAcrossCallsOfOtherSizes) {
  ContainerOrderScratch scratch;
  std::vector<uint32_t> order;
  ContainerOrder(std::vector<Row>{{5}, {2}, {5}}, All, order, scratch);
  EXPECT_EQ(order, (std::vector<uint32_t>{1, 0, 2}));
  ContainerOrder(std::vector<Row>{{1}, {0}}, All, order, scratch);
  EXPECT_EQ(order, (std::vector<uint32_t>{1, 0}));
}

}  // namespace
}  // namespace tracedb::testing::container_order_test
