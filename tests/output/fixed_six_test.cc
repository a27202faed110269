#include "output/fixed_six.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>

namespace tracedb::fixed_six_test {
namespace {

std::string Fixed(double v) {
  char out[kFixedSixMaxChars];
  return std::string(out, FormatFixedSix(v, out));
}

std::string Printf(double v) {
  char out[kFixedSixMaxChars + 8];
  std::snprintf(out, sizeof out, "%.6f", v);
  return out;
}

TEST(FormatFixedSix, SpellsLikePrintf) {
  EXPECT_EQ(Fixed(0), "0.000000");
  EXPECT_EQ(Fixed(-0.0), "-0.000000");
  EXPECT_EQ(Fixed(1.5), "1.500000");
  EXPECT_EQ(Fixed(-2.25), "-2.250000");
  EXPECT_EQ(Fixed(0.062087), "0.062087");
  EXPECT_EQ(Fixed(144.495928), "144.495928");
  EXPECT_EQ(Fixed(-1e-9), "-0.000000");
  EXPECT_EQ(Fixed(0.0000005), "0.000000");  // just below the tie as a double
  EXPECT_EQ(Fixed(0.0000015), "0.000002");  // just above it
  EXPECT_EQ(Fixed(1234567890.5), "1234567890.500000");
  EXPECT_EQ(Fixed(1e300), Printf(1e300));
  EXPECT_EQ(Fixed(-std::numeric_limits<double>::max()),
            Printf(-std::numeric_limits<double>::max()));
  EXPECT_EQ(Fixed(std::numeric_limits<double>::infinity()), "inf");
}

// An exact tie at the seventh decimal (k/128 with k odd) rounds to even, as
// printf does: 0.0078125 -> 0.007812, 0.0234375 -> 0.023438.
TEST(FormatFixedSix, TiesRoundToEven) {
  EXPECT_EQ(Fixed(0.0078125), "0.007812");
  EXPECT_EQ(Fixed(0.0234375), "0.023438");
  for (int k = 1; k < 100000; k += 2) {
    double v = k / 128.0;
    ASSERT_EQ(Fixed(v), Printf(v)) << k;
    ASSERT_EQ(Fixed(-v), Printf(-v)) << k;
  }
}

// Decimal times as traces write them, and their neighbours one ulp away:
// the values nearest to a rounding boundary.
TEST(FormatFixedSix, MatchesPrintfNearRoundingBoundaries) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 200000; ++i) {
    double whole = static_cast<double>(random() % 5000000);
    double v = whole / 1e7 * std::pow(10.0, static_cast<int>(random() % 8));
    for (double w : {v, std::nextafter(v, 0.0), std::nextafter(v, 1e300)}) {
      ASSERT_EQ(Fixed(w), Printf(w)) << w;
    }
  }
}

TEST(FormatFixedSix, MatchesPrintfOnRandomBits) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 500000; ++i) {
    uint64_t bits = random();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    if (std::isnan(v)) continue;
    ASSERT_EQ(Fixed(v), Printf(v)) << bits;
  }
  for (int i = 0; i < 500000; ++i) {  // every binade the fast path takes
    double v =
        std::ldexp(static_cast<double>(random() >> 11), -53 - static_cast<int>(random() % 60) + 32);
    ASSERT_EQ(Fixed(v), Printf(v)) << v;
  }
  for (double v : {4.5e9, std::nextafter(4.5e9, 0.0), 4499999999.9999995, 4e9 + 0.0000005,
                   std::numeric_limits<double>::denorm_min(), 1e-300}) {
    EXPECT_EQ(Fixed(v), Printf(v)) << v;
  }
}

}  // namespace
}  // namespace tracedb::fixed_six_test
