// LinkMatrix: one exact row per pair, whether its totals stayed in memory
// or were spilled to runs and merged.
#include "summary/link_matrix.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace tracedb::testing::link_matrix_test {
namespace {

LinkRecord Link(int64_t from, int64_t to, double start, double end, std::optional<int64_t> size) {
  LinkRecord link{};
  link.type = 7;
  link.start_container = from;
  link.end_container = to;
  link.start = start;
  link.end = end;
  link.has_size = size.has_value();
  link.size_value = size.value_or(0);
  return link;
}

// "start>end messages bytes seconds" per row, and the rows per emit.
std::vector<std::string> Drained(LinkMatrix& matrix, size_t chunk, std::vector<size_t>* chunks) {
  std::vector<std::string> rows;
  matrix.Drain(chunk, [&](std::vector<LinkSummaryRecord>& part) {
    chunks->push_back(part.size());
    for (const LinkSummaryRecord& r : part) {
      rows.push_back(std::to_string(r.start_container) + ">" + std::to_string(r.end_container) +
                     " " + std::to_string(r.messages) + " " + std::to_string(r.bytes) + " " +
                     (r.seconds == r.seconds ? std::to_string(r.seconds) : "NULL"));
    }
  });
  return rows;
}

std::vector<LinkRecord> Links() {
  return {Link(1, 2, 0, 1, 10), Link(3, 1, 0, 2, std::nullopt), Link(2, 3, 1, 1.5, 5),
          Link(1, 2, 2, 2.5, 20), Link(-1, 2, 3, 3, std::nullopt), Link(3, 1, 4, 5, 1),
          Link(1, 2, 5, 5.25, std::nullopt)};
}

const std::vector<std::string> kExpected = {
    "-1>2 1 -1 NULL", "1>2 3 30 1.750000", "2>3 1 5 0.500000", "3>1 2 1 3.000000"};

TEST(LinkMatrix, PairsInMemoryComeOutSortedOnce) {
  LinkMatrix matrix(100);
  for (const LinkRecord& link : Links()) matrix.Add(link);
  std::vector<size_t> chunks;
  EXPECT_EQ(Drained(matrix, 3, &chunks), kExpected);
  EXPECT_EQ(matrix.runs(), 0u);
  EXPECT_EQ(chunks, (std::vector<size_t>{3, 1}));
}

// Two pairs at most in memory: the parts of 1>2 and 3>1 in several runs.
TEST(LinkMatrix, SpilledRunsAreMergedIntoTheSameRows) {
  LinkMatrix matrix(2);
  for (const LinkRecord& link : Links()) matrix.Add(link);
  EXPECT_GT(matrix.runs(), 1u);
  std::vector<size_t> chunks;
  EXPECT_EQ(Drained(matrix, 3, &chunks), kExpected);
  EXPECT_EQ(chunks, (std::vector<size_t>{3, 1}));
}

// The pairs come out in the order of link_summary's index, (start, end),
// then by type, whether they stayed in memory or were spilled.
TEST(LinkMatrix, PairsComeOutByContainersThenType) {
  const std::tuple<uint32_t, int64_t, int64_t> kTypeFromTo[] = {
      {9, 3, 1}, {7, 3, 1}, {9, 1, 2}, {7, 2, 1}, {8, 1, 2}, {7, 1, 3}, {9, 3, 1}};
  for (size_t max_pairs : {100, 2}) {
    LinkMatrix matrix(max_pairs);
    for (auto [type, from, to] : kTypeFromTo) {
      LinkRecord link = Link(from, to, 0, 1, 1);
      link.type = type;
      matrix.Add(link);
    }
    std::vector<std::string> rows;
    matrix.Drain(100, [&](std::vector<LinkSummaryRecord>& part) {
      for (const LinkSummaryRecord& r : part) {
        rows.push_back(std::to_string(r.start_container) + ">" + std::to_string(r.end_container) +
                       " type " + std::to_string(r.type) + " " + std::to_string(r.messages));
      }
    });
    EXPECT_EQ(rows, (std::vector<std::string>{"1>2 type 8 1", "1>2 type 9 1", "1>3 type 7 1",
                                              "2>1 type 7 1", "3>1 type 7 1", "3>1 type 9 2"}))
        << "at most " << max_pairs << " pairs in memory";
  }
}

// 1,000 pairs, 1 > 1 .. 1 > 1000, pair k with k messages of 1 byte and 0.5 s:
// the table grows from 16 slots to the first that holds them three quarters
// full (2,048), and every pair keeps its totals through the moves.
TEST(LinkMatrix, TheTableGrowsWithItsPairsAndKeepsTheirTotals) {
  LinkMatrix matrix;
  EXPECT_EQ(matrix.slots(), kFirstLinkSlots);
  for (int64_t k = 1; k <= 1000; ++k) {
    for (int64_t m = 0; m < k; ++m) matrix.Add(Link(1, k, 0, 0.5, 1));
  }
  EXPECT_EQ(matrix.slots(), 2048u);
  EXPECT_EQ(matrix.runs(), 0u);
  std::vector<size_t> chunks;
  std::vector<std::string> rows = Drained(matrix, 400, &chunks);
  ASSERT_EQ(rows.size(), 1000u);
  for (int64_t k = 1; k <= 1000; ++k) {
    EXPECT_EQ(rows[k - 1], "1>" + std::to_string(k) + " " + std::to_string(k) + " " +
                               std::to_string(k) + " " + std::to_string(0.5 * k));
  }
  EXPECT_EQ(chunks, (std::vector<size_t>{400, 400, 200}));
}

// 100 pairs at most in memory need 256 slots (3 x 128 < 4 x 100): the table
// stops there. 1,000 pairs twice over: 9 spills in the first round (before
// pairs 101, 201, .. 901), 10 in the second (before 1, 101, .. 901, none of
// them held then), every pair's two parts merged.
TEST(LinkMatrix, NeverGrowsPastWhatItsBoundNeeds) {
  LinkMatrix matrix(100);
  for (int round = 0; round < 2; ++round) {
    for (int64_t k = 1; k <= 1000; ++k) matrix.Add(Link(1, k, 0, 1, 1));
  }
  EXPECT_EQ(matrix.slots(), 256u);
  EXPECT_EQ(matrix.runs(), 19u);
  std::vector<size_t> chunks;
  std::vector<std::string> rows = Drained(matrix, 1000, &chunks);
  ASSERT_EQ(rows.size(), 1000u);
  for (int64_t k = 1; k <= 1000; ++k) {
    EXPECT_EQ(rows[k - 1], "1>" + std::to_string(k) + " 2 2 2.000000");
  }
  EXPECT_EQ(chunks, std::vector<size_t>{1000});
}

// A full table spills for a new pair only: one pair at most in memory, the
// same pair a thousand times, no run.
TEST(LinkMatrix, APairItHoldsNeverSpills) {
  LinkMatrix matrix(1);
  for (int i = 0; i < 1000; ++i) matrix.Add(Link(2, 3, 0, 0.25, std::nullopt));
  EXPECT_EQ(matrix.runs(), 0u);
  std::vector<size_t> chunks;
  EXPECT_EQ(Drained(matrix, 10, &chunks), std::vector<std::string>{"2>3 1000 -1 250.000000"});
}

}  // namespace
}  // namespace tracedb::testing::link_matrix_test
