// LinkMatrix: one exact row per pair, whether its totals stayed in memory
// or were spilled to runs and merged.
#include "summary/link_matrix.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tracedb::testing {
namespace {

LinkRecord Link(int64_t from, int64_t to, double start, double end, std::optional<int64_t> size) {
  LinkRecord link{};
  link.type = 7;
  link.start_container = from;
  link.end_container = to;
  link.start = start;
  link.end = end;
  link.size = size;
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

}  // namespace
}  // namespace tracedb::testing
