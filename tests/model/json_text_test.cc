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

// Quotes, backslashes and control characters are escaped, valid UTF-8
// passes as it is, and each byte of no valid sequence (a cut one, a lone
// continuation, Latin-1, an overlong form, a surrogate) becomes U+FFFD: the
// string stays JSON whatever text SQL hands it.
TEST(JsonText, StringsAreEscapedAndAlwaysUtf8) {
  auto json = [](std::string_view text) {
    std::string out;
    AppendJsonString(&out, text);
    return out;
  };
  EXPECT_EQ(json("a\"b\\c\n\x01"), R"("a\"b\\c\u000a\u0001")");
  EXPECT_EQ(json("caf\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80"), "\"caf\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80\"");
  EXPECT_EQ(json("\xff" "A"), R"("\ufffdA")");
  EXPECT_EQ(json("caf\xe9"), R"("caf\ufffd")");
  EXPECT_EQ(json("\xe2\x98"), R"("\ufffd\ufffd")");
  EXPECT_EQ(json("\x80x"), R"("\ufffdx")");
  EXPECT_EQ(json("\xc0\xaf"), R"("\ufffd\ufffd")");
  EXPECT_EQ(json("\xed\xa0\x80"), R"("\ufffd\ufffd\ufffd")");
  for (std::string_view text : {"\xff", "a\xe2\x98", "\xc3\xa9\x80"}) {
    EXPECT_TRUE(IsJsonValue(json(text))) << json(text);
  }
}

}  // namespace
}  // namespace tracedb::json_text_test
