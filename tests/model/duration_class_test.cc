// DurationClass: k with 2^(k-1) <= end - start < 2^k, exactly at the powers
// of two, with one class for everything shorter than 2^-1022 and one for
// differences that overflow.
#include "model/duration_class.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace tracedb::testing::duration_class_test {
namespace {

TEST(DurationClass, PowersOfTwoOpenTheirClass) {
  EXPECT_EQ(DurationClass(0.0, 1.0), 1);
  EXPECT_EQ(DurationClass(0.0, 0.5), 0);
  EXPECT_EQ(DurationClass(10.0, 12.0), 2);
  EXPECT_EQ(DurationClass(0.0, 0.25), -1);
}

TEST(DurationClass, JustBelowAPowerOfTwoIsTheClassBelow) {
  EXPECT_EQ(DurationClass(0.0, std::nextafter(1.0, 0.0)), 0);
  EXPECT_EQ(DurationClass(0.0, std::nextafter(2.0, 0.0)), 1);
  EXPECT_EQ(DurationClass(1.0, 3.5), 2);
  EXPECT_EQ(DurationClass(1.2345678901234567, 2.0), 0);  // 0.7654321098765433
}

TEST(DurationClass, ZeroAndSubnormalDurationsShareTheLowestClass) {
  EXPECT_EQ(DurationClass(3.0, 3.0), kShortestDurationClass);
  EXPECT_EQ(DurationClass(0.0, std::numeric_limits<double>::denorm_min()), -1022);
  EXPECT_EQ(DurationClass(0.0, std::numeric_limits<double>::min()), -1021);
}

TEST(DurationClass, HugeDurationsAndOverflow) {
  double largest = std::numeric_limits<double>::max();
  EXPECT_EQ(DurationClass(0.0, std::ldexp(1.0, 1022)), 1023);
  EXPECT_EQ(DurationClass(0.0, largest), 1024);
  EXPECT_EQ(DurationClass(-largest, largest), kOverflowDurationClass);
  EXPECT_EQ(kOverflowDurationClass, 1025);
}

}  // namespace
}  // namespace tracedb::testing::duration_class_test
