#include "model/json_text.h"

#include <gtest/gtest.h>

namespace tracedb::json_text_test {
namespace {

// What PostgreSQL's jsonb gives back as written (checked with psql, 15):
// these kept, the refused ones rewritten or not JSON at all.
TEST(JsonText, NumbersBothDatabasesKeepAsWrittenAreExact) {
  for (const char* exact : {"0", "7", "-3", "4096", "1.50", "0.011900123", "-0.5", "0.0",
                            "18446744073709551616", "123456789012345678901234567890"}) {
    EXPECT_TRUE(IsExactJsonNumber(exact)) << exact;
  }
  for (const char* other : {"", "-", "+3", "007", "00", "1.", ".5", "1e2", "1.0E5", "-0", "-0.00",
                            "0x1f", " 1", "1 ", "inf", "nan", "1,5", "--1"}) {
    EXPECT_FALSE(IsExactJsonNumber(other)) << other;
  }
  EXPECT_TRUE(IsExactJsonNumber(std::string(kMaxExactJsonNumber, '9')));
  EXPECT_FALSE(IsExactJsonNumber(std::string(kMaxExactJsonNumber + 1, '9')));
}

TEST(JsonText, ChecksJsonValues) {
  EXPECT_TRUE(IsJsonValue(R"( {"a": [1, -2.5e3, "x", true, null]} )"));
  EXPECT_FALSE(IsJsonValue(R"({"a": 1,})"));
}

}  // namespace
}  // namespace tracedb::json_text_test
