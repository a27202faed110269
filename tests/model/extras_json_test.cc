// The user fields' JSON (model/extras_json.h): numbers where declared and
// exact, the order written kept in either store's form, read back exactly.
#include "model/extras_json.h"

#include <gtest/gtest.h>

namespace tracedb::extras_json_test {
namespace {

ExtraField Text(std::string name, std::string value) {
  return {std::move(name), std::move(value), FieldType::kText};
}
ExtraField Number(std::string name, std::string value) {
  return {std::move(name), std::move(value), FieldType::kNumber};
}

// Both forms read back as written; numbers come back as numbers.
void ExpectRoundTrip(const Extras& extras) {
  for (JsonStore store : {JsonStore::kText, JsonStore::kJsonb}) {
    Extras back = JsonToExtras(ExtrasToJson(extras, store));
    ASSERT_EQ(back.size(), extras.size()) << ExtrasToJson(extras, store);
    for (size_t i = 0; i < extras.size(); ++i) {
      EXPECT_EQ(back[i].name, extras[i].name);
      EXPECT_EQ(back[i].value, extras[i].value);
    }
  }
}

TEST(ExtrasJson, UserFieldsRoundTripWhateverTheirBytes) {
  Extras extras{Text("Size", "4096"), Text("Note", "a \"quoted\" \\ back\tslash\n\x01"),
                Text("Utf8", "r\xc3\xa9sum\xc3\xa9"), Text("", "")};
  EXPECT_EQ(ExtrasToJson(extras),
            R"({"Size":"4096","Note":"a \"quoted\" \\ back\u0009slash\u000a\u0001",)"
            R"("Utf8":"r)"
            "\xc3\xa9"
            R"(sum)"
            "\xc3\xa9"
            R"(","":""})");
  EXPECT_EQ(JsonToExtras(ExtrasToJson(extras)), extras);
  ExpectRoundTrip(extras);
  EXPECT_EQ(ExtrasToJson({}), "");
  EXPECT_EQ(ExtrasToJson({}, JsonStore::kJsonb), "");
  EXPECT_EQ(JsonToExtras(""), Extras{});
}

TEST(ExtrasJson, DeclaredNumbersAreJsonNumbersWhenTheirTextIsExact) {
  Extras extras{Number("Size", "4096"),       Number("Rate", "1.50"), Number("Big", "1e2"),
                Number("When", "2024-01-01"), Number("Neg", "-0"),    Text("Hex", "10")};
  std::string json = ExtrasToJson(extras);
  EXPECT_EQ(json,
            R"({"Size":4096,"Rate":1.50,"Big":"1e2","When":"2024-01-01","Neg":"-0","Hex":"10"})");
  Extras back = JsonToExtras(json);
  EXPECT_EQ(back[0], Number("Size", "4096"));
  EXPECT_EQ(back[1], Number("Rate", "1.50"));
  EXPECT_EQ(back[2], Text("Big", "1e2"));
  EXPECT_EQ(back[5], Text("Hex", "10"));
}

// jsonb orders keys shorter first, then bytewise: fields written so need no
// "#order".
TEST(ExtrasJson, TheJsonbFormIsPlainWhenJsonbKeepsTheOrderWritten) {
  Extras extras{Number("b", "1"), Text("aa", "x"), Text("ab", "y"), Number("Size", "2")};
  EXPECT_EQ(ExtrasToJson(extras, JsonStore::kJsonb), R"({"b":1,"aa":"x","ab":"y","Size":2})");
  EXPECT_EQ(ExtrasToJson({Text("only", "1")}, JsonStore::kJsonb), R"({"only":"1"})");
}

TEST(ExtrasJson, TheJsonbFormListsAnotherOrderInOrderMember) {
  Extras extras{Number("lsend", "0.0119"), Number("lrecv", "0.0125"), Number("size", "4096")};
  EXPECT_EQ(ExtrasToJson(extras, JsonStore::kJsonb),
            R"({"lsend":0.0119,"lrecv":0.0125,"size":4096,"#order":["lsend","lrecv","size"]})");
  // What PostgreSQL gives back: keys in its order, blanks after ':' and ','.
  EXPECT_EQ(JsonToExtras(R"({"size": 4096, "lrecv": 0.0125, "lsend": 0.0119, )"
                         R"("#order": ["lsend", "lrecv", "size"]})"),
            extras);
}

// A link's halves may both carry Size: the object keeps the first (as
// SQLite's json_extract finds it), "#order" the second.
TEST(ExtrasJson, RepeatedNamesKeepTheFirstAsMemberAndTheRestInOrder) {
  Extras extras{Number("Size", "1"), Text("Tag", "a"), Number("Size", "2")};
  EXPECT_EQ(ExtrasToJson(extras), R"({"Size":1,"Tag":"a","Size":2})");
  EXPECT_EQ(ExtrasToJson(extras, JsonStore::kJsonb),
            R"({"Size":1,"Tag":"a","#order":["Size","Tag",["Size",2]]})");
  EXPECT_EQ(JsonToExtras(ExtrasToJson(extras)), extras);
  EXPECT_EQ(JsonToExtras(ExtrasToJson(extras, JsonStore::kJsonb)), extras);
}

// A user field named "#order" is never taken for the order: its value is a
// string or a number, the order an array; with an order it is a pair there.
TEST(ExtrasJson, AFieldNamedLikeTheOrderMemberStaysAField) {
  ExpectRoundTrip({Text("#order", "x")});
  ExpectRoundTrip({Text("z", "1"), Number("#order", "2")});
  Extras extras{Text("zz", "1"), Text("#order", "x"), Text("a", "2")};
  EXPECT_EQ(ExtrasToJson(extras, JsonStore::kJsonb),
            R"({"zz":"1","a":"2","#order":["zz",["#order","x"],"a"]})");
  ExpectRoundTrip(extras);
}

TEST(ExtrasJson, ReadsTheStandardEscapesOthersMayHaveWritten) {
  EXPECT_EQ(JsonToExtras(R"({ "a" : "x\/\n\r\t\b\f\u00e9" })"),
            (Extras{Text("a", "x/\n\r\t\b\f\xc3\xa9")}));
}

TEST(ExtrasJson, RefusesWhatItDidNotWrite) {
  for (const char* bad :
       {"[]", "{\"a\":true}", "{\"a\":[1]}", "{\"a\":\"x\"", "{\"a\":\"\\q\"}", "{\"a\":\"\\u12\"}",
        "{\"a\":\"\\u+07f\"}", "{\"a\":\"\\ud800\"}", "{\"a\":\"x\"} tail", "{\"a\":01}",
        "{\"#order\":[\"missing\"]}", "{\"#order\":[[\"a\"]]}"}) {
    EXPECT_THROW(JsonToExtras(bad), std::runtime_error) << bad;
  }
}

}  // namespace
}  // namespace tracedb::extras_json_test
