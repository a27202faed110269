#include "model/json_text.h"

#include <gtest/gtest.h>

namespace tracedb {
namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

TEST(JsonText, UserFieldsRoundTripWhateverTheirBytes) {
  Extras extras{{"Size", "4096"},
                {"Note", "a \"quoted\" \\ back\tslash\n\x01"},
                {"Utf8", "r\xc3\xa9sum\xc3\xa9"},
                {"", ""}};
  std::string json = ExtrasToJson(extras);
  EXPECT_EQ(json,
            R"({"Size":"4096","Note":"a \"quoted\" \\ back\u0009slash\u000a\u0001",)"
            R"("Utf8":"r)" "\xc3\xa9" R"(sum)" "\xc3\xa9" R"(","":""})");
  Fields back = JsonToFields(json);
  ASSERT_EQ(back.size(), extras.size());
  for (size_t i = 0; i < extras.size(); ++i) {
    EXPECT_EQ(back[i].first, extras[i].name);
    EXPECT_EQ(back[i].second, extras[i].value);
  }
  EXPECT_EQ(ExtrasToJson({}), "");
  EXPECT_EQ(JsonToFields(""), Fields{});
}

TEST(JsonText, ReadsTheStandardEscapesOthersMayHaveWritten) {
  EXPECT_EQ(JsonToFields(R"({ "a" : "x\/\n\r\t\b\f\u00e9" })"),
            (Fields{{"a", "x/\n\r\t\b\f\xc3\xa9"}}));
}

TEST(JsonText, RefusesWhatItDidNotWrite) {
  for (const char* bad : {"[]", "{\"a\":1}", "{\"a\":\"x\"", "{\"a\":\"\\q\"}",
                          "{\"a\":\"\\u12\"}", "{\"a\":\"\\u+07f\"}", "{\"a\":\"\\ud800\"}",
                          "{\"a\":\"x\"} tail"}) {
    EXPECT_THROW(JsonToFields(bad), std::runtime_error) << bad;
  }
}

}  // namespace
}  // namespace tracedb
