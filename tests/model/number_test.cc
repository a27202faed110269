#include "model/number.h"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <random>
#include <string>

namespace tracedb::number_test {
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
  for (const char* bad :
       {"",    "abc", "1.0x", "nan", "NaN", "inf", "-inf", "infinity", "0x10",  "1e",
        "1e+", "+-1", "--1",  ".",   "-",   "1 ",  " 1",   "1,5",      "1e400", "-1e400"}) {
    EXPECT_EQ(ParseDecimal(bad), std::nullopt) << bad;
  }
}

// Decimals of every length around the fast path's limits (2^53, 19 digits,
// 22 after the point) read as the same double, bit for bit, as from_chars.
TEST(ParseDecimal, RoundsExactlyAsFromChars) {
  std::mt19937_64 random(42);
  for (int n = 0; n < 200000; ++n) {
    size_t length = 1 + random() % 24;
    std::string digits;
    for (size_t i = 0; i < length; ++i) digits.push_back(static_cast<char>('0' + random() % 10));
    size_t point = random() % (length + 1);
    std::string text =
        (random() % 4 == 0 ? "-" : "") + digits.substr(0, point) + "." + digits.substr(point);
    if (random() % 8 == 0) text = text.substr(0, text.size() - 1 - (random() % 2));
    double expected = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), expected);
    std::optional<double> parsed = ParseDecimal(text);
    if (error != std::errc() || end != text.data() + text.size()) {
      EXPECT_EQ(parsed, std::nullopt) << text;
      continue;
    }
    ASSERT_TRUE(parsed.has_value()) << text;
    EXPECT_EQ(std::bit_cast<uint64_t>(*parsed), std::bit_cast<uint64_t>(expected)) << text;
  }
  EXPECT_EQ(std::bit_cast<uint64_t>(*ParseDecimal("-0")), std::bit_cast<uint64_t>(-0.0));
  EXPECT_EQ(ParseDecimal("9007199254740993"), 9007199254740992.0);  // 2^53 + 1, to even
  EXPECT_EQ(ParseDecimal("0.1"), 0.1);
}

}  // namespace
}  // namespace tracedb::number_test
