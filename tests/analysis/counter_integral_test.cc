// CounterIntegral: the count of a counter within any interval is the
// integral of its rate, flat where nothing was sampled, clipped to the
// samples' span.
#include "analysis/counter_integral.h"

#include <gtest/gtest.h>

namespace tracedb::testing::counter_integral_test {
namespace {

// 1000 counted over [0, 10), 3000 over [10, 30), nothing sampled over
// [30, 40), 100 over [40, 50): rates 100, 150, 10.
CounterIntegral ThreeSamples() {
  CounterIntegral integral;
  integral.Add(0, 10, 100);
  integral.Add(10, 30, 150);
  integral.Add(40, 50, 10);
  return integral;
}

TEST(CounterIntegral, WithoutSamplesNothingIsCounted) {
  CounterIntegral integral;
  EXPECT_TRUE(integral.empty());
  EXPECT_DOUBLE_EQ(integral.Count(0, 10), 0);
}

TEST(CounterIntegral, AnIntervalWithinOneSampleCountsItsShareOfTheRate) {
  CounterIntegral integral = ThreeSamples();
  EXPECT_FALSE(integral.empty());
  EXPECT_DOUBLE_EQ(integral.Count(3, 7), 400);
  EXPECT_DOUBLE_EQ(integral.Count(0, 10), 1000);
  EXPECT_DOUBLE_EQ(integral.Count(12, 30), 2700);
}

TEST(CounterIntegral, AnIntervalAcrossSamplesAddsTheirParts) {
  CounterIntegral integral = ThreeSamples();
  EXPECT_DOUBLE_EQ(integral.Count(5, 15), 500 + 750);
  EXPECT_DOUBLE_EQ(integral.Count(0, 50), 1000 + 3000 + 100);
  EXPECT_DOUBLE_EQ(integral.Count(25, 45), 750 + 50);
  EXPECT_DOUBLE_EQ(integral.Count(5, 45), 500 + 3000 + 50);
}

TEST(CounterIntegral, NothingIsCountedWhereNothingWasSampled) {
  CounterIntegral integral = ThreeSamples();
  EXPECT_DOUBLE_EQ(integral.Count(32, 38), 0);
  EXPECT_DOUBLE_EQ(integral.Count(-10, 0), 0);
  EXPECT_DOUBLE_EQ(integral.Count(50, 60), 0);
  EXPECT_DOUBLE_EQ(integral.Count(-10, 5), 500);
  EXPECT_DOUBLE_EQ(integral.Count(45, 60), 50);
  EXPECT_DOUBLE_EQ(integral.Count(-10, 60), 4100);
}

TEST(CounterIntegral, AnEmptyOrBackwardIntervalCountsNothing) {
  CounterIntegral integral = ThreeSamples();
  EXPECT_DOUBLE_EQ(integral.Count(5, 5), 0);
  EXPECT_DOUBLE_EQ(integral.Count(20, 10), 0);
}

// A million samples of about 1e9 per second, each a microsecond long:
// deep into the track, where the running total is near 1e9, an interval
// across two samples still counts what its two parts count, to the last
// digits, rather than a difference of two totals rounded to 1e-7.
TEST(CounterIntegral, CountsDeepIntoALongTrackKeepTheirDigits) {
  CounterIntegral integral;
  for (int i = 0; i < 1'000'000; ++i) integral.Add(i * 1e-6, (i + 1) * 1e-6, 1e9 + i % 7);
  double from = 0.7654321, boundary = 765433 * 1e-6, to = 0.7654335;
  double expected = (1e9 + 3) * (boundary - from) + (1e9 + 4) * (to - boundary);
  EXPECT_NEAR(integral.Count(from, to), expected, 1e-10);
  EXPECT_NEAR(integral.Count(from, boundary) + integral.Count(boundary, to),
              integral.Count(from, to), 1e-10);
  // Each sample counted 1000 and a millionth of i % 7: 1e9 + 2.999997.
  EXPECT_NEAR(integral.Count(0, 1), 1e9 + 2.999997, 1);
}

}  // namespace
}  // namespace tracedb::testing::counter_integral_test
