// ProfileBins: power-of-two bins that widen as the span grows, exact sums.
#include "summary/profile_bins.h"

#include <gtest/gtest.h>

#include <map>

namespace tracedb::testing::profile_bins_test {
namespace {

// Seconds per value, over all bins.
std::map<uint32_t, double> Totals(const std::vector<ProfileRecord>& records) {
  std::map<uint32_t, double> totals;
  for (const ProfileRecord& r : records) totals[r.value] += r.seconds;
  return totals;
}

// "value|bin|bin_start|seconds" per record.
std::vector<std::string> Rows(const std::vector<ProfileRecord>& records) {
  std::vector<std::string> rows;
  for (const ProfileRecord& r : records) {
    rows.push_back(std::to_string(r.value) + "|" + std::to_string(r.bin) + "|" +
                   std::to_string(r.bin_start) + "|" + std::to_string(r.seconds));
  }
  return rows;
}

// B (1 to 2) pushed on A (0 to 4), 4 bins asked for: bins of 1, A's time
// in three of them only.
TEST(ProfileBins, NestedStatesGiveExclusiveTimePerBin) {
  ProfileBins bins(4);
  bins.Add(0, 1, 1.0, 2.0, 1);   // B
  bins.Add(0, 0, 1.0, 2.0, -1);  // ... taken from A
  bins.Add(0, 0, 0.0, 4.0, 1);   // A
  std::vector<ProfileRecord> records;
  bins.AppendRecords(&records);
  EXPECT_EQ(Rows(records),
            (std::vector<std::string>{"0|0|0.000000|1.000000", "0|2|2.000000|1.000000",
                                      "0|3|3.000000|1.000000", "1|1|1.000000|1.000000"}));
}

// Nanosecond states, then one a million million seconds later: the bins
// widen to hold both (bin numbers at the first width would not fit 64 bits).
TEST(ProfileBins, FarApartStatesWidenTheBinsInsteadOfOverflowing) {
  ProfileBins bins(1000);
  bins.Add(0, 0, 1e-9, 2e-9, 1);  // in the same wide bin as the next one
  bins.Add(0, 0, 0.0, 2.0, 1);
  bins.Add(0, 1, 1e15, 1e15 + 10, 1);
  std::vector<ProfileRecord> records;
  bins.AppendRecords(&records);
  EXPECT_EQ(Totals(records), (std::map<uint32_t, double>{{0, 2.0 + 1e-9}, {1, 10.0}}));
  ASSERT_FALSE(records.empty());
  double width = records.front().bin_end - records.front().bin_start;
  EXPECT_EQ(width, 1099511627776.0);  // 2^40: 1e15 / 2^40 = 910 bins
  EXPECT_EQ(records.back().bin, 909u);
}

// Times near 1e15 (microseconds since 1970) are 0.125 apart: 1,000 bins of
// a 5-second span would be 0.005 wide, and their bounds would not differ.
// The bins are 0.25 wide instead (the power of two above 0.125, as above
// 5 / 1000), 20 of them, exact.
TEST(ProfileBins, BinsFarFromZeroAreNoNarrowerThanTheTimesThere) {
  ProfileBins bins(1000);
  bins.Add(0, 0, 1e15 + 1, 1e15 + 4, 1);
  bins.Add(0, 1, 1e15, 1e15 + 5, 1);
  std::vector<ProfileRecord> records;
  bins.AppendRecords(&records);
  EXPECT_EQ(Totals(records), (std::map<uint32_t, double>{{0, 3.0}, {1, 5.0}}));
  std::map<uint32_t, int> count;
  for (const ProfileRecord& r : records) {
    EXPECT_EQ(r.bin_end - r.bin_start, 0.25) << r.bin;
    EXPECT_EQ(r.seconds, 0.25) << r.bin;
    ++count[r.value];
  }
  EXPECT_EQ(count, (std::map<uint32_t, int>{{0, 12}, {1, 20}}));
}

// Each value keeps the bins from its first state to its last, numbered from
// the first bin of any value: B's one bin is the third, its time there after
// two widenings, and A's bin comes before every bin that B's state made.
TEST(ProfileBins, ValuesSeenInPartOfTheSpanGiveTheirBinsNumberedFromTheFirst) {
  ProfileBins bins(4);
  bins.Add(0, 1, 5.0, 6.0, 1);  // B
  bins.Add(0, 0, 1.0, 2.0, 1);  // A, below B's bins
  bins.Add(0, 2, 0.0, 8.0, 1);  // C over all: bins of 2
  std::vector<ProfileRecord> records;
  bins.AppendRecords(&records);
  EXPECT_EQ(Rows(records),
            (std::vector<std::string>{"0|0|0.000000|1.000000", "1|2|4.000000|1.000000",
                                      "2|0|0.000000|2.000000", "2|1|2.000000|2.000000",
                                      "2|2|4.000000|2.000000", "2|3|6.000000|2.000000"}));
}

// 5,000 values over the whole span of 1,000 bins would hold 5 million
// bins, past kMaxCells (4 million): the bins widen once more, to 500 of
// 2 s, the time the same.
TEST(ProfileBins, ManyValuesOverTheWholeSpanGetWiderBins) {
  ProfileBins bins(1000);
  for (uint32_t value = 0; value < 5000; ++value) bins.Add(0, value, 0.0, 1000.0, 1);
  std::vector<ProfileRecord> records;
  size_t calls = 0;
  bins.AppendRecords(&records, [&] { ++calls; });
  ASSERT_EQ(records.size(), 5000u * 500u);
  EXPECT_EQ(calls, records.size());
  EXPECT_EQ(records.front().bin_end - records.front().bin_start, 2.0);
  EXPECT_EQ(records.back().bin, 499u);
  EXPECT_EQ(records.back().seconds, 2.0);
  EXPECT_EQ(Totals(records).at(4999), 1000.0);
}

}  // namespace
}  // namespace tracedb::testing::profile_bins_test
