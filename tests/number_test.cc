#include "model/number.h"

#include <gtest/gtest.h>

namespace tracedb {
namespace {

TEST(ParseDecimal, AcceptsTheDecimalGrammar) {
  EXPECT_EQ(ParseDecimal("3"), 3.0);
  EXPECT_EQ(ParseDecimal("+3"), 3.0);
  EXPECT_EQ(ParseDecimal("-0.5"), -0.5);
  EXPECT_EQ(ParseDecimal("1e-3"), 1e-3);
  EXPECT_EQ(ParseDecimal("2.5E+0"), 2.5);
  EXPECT_EQ(ParseDecimal(".5"), 0.5);
  EXPECT_EQ(ParseDecimal("5."), 5.0);
  EXPECT_EQ(ParseDecimal("0.000000001"), 1e-9);
}

TEST(ParseDecimal, RefusesWhatIsNotADecimalNumber) {
  for (const char* bad : {"", "abc", "1.0x", "nan", "NaN", "inf", "-inf", "infinity", "0x10",
                          "1e", "1e+", "+-1", "--1", ".", "-", "1 ", " 1", "1,5", "1e400",
                          "-1e400"}) {
    EXPECT_EQ(ParseDecimal(bad), std::nullopt) << bad;
  }
}

}  // namespace
}  // namespace tracedb
