// Bad body lines: each error with its exact message and line.
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace tracedb::testing::parser_errors_test {
namespace {

TEST(ParserErrors, AnUndefinedEventIdNamesItsLine) {
  EXPECT_EQ(Dump("12 1.0 E t1 x\n99 1.0 E t1 x\n").error,
            ErrorAt(BodyLine(2), "event id '99' is not defined"));
}

TEST(ParserErrors, AnIdUsedBeforeItsDefinitionIsUndefined) {
  EXPECT_EQ(Dump("99 1.0 E t1 x\n%EventDef PajeNewEvent 99\n% Time date\n% Type string\n"
                 "% Container string\n% Value string\n%EndEventDef\n")
                .error,
            ErrorAt(BodyLine(1), "event id '99' is not defined"));
}

TEST(ParserErrors, FieldCountMustMatchTheDefinition) {
  EXPECT_EQ(Dump("12 1.0 E t1 x extra more\n").error,
            ErrorAt(BodyLine(1), "event '12' (PajeNewEvent) has 4 field(s) but the line has 6"));
  EXPECT_EQ(Dump("12 1.0 E t1\n").error,
            ErrorAt(BodyLine(1), "event '12' (PajeNewEvent) has 4 field(s) but the line has 3"));
}

TEST(ParserErrors, TimesMustBeFiniteDecimals) {
  for (const char* bad : {"nan", "inf", "0x1p3", "1.0.0", "1e999", "abc", "\"\""}) {
    EXPECT_EQ(Dump(std::string("12 ") + bad + " E t1 x\n").error,
              ErrorAt(BodyLine(1), std::string("invalid time '") +
                                       (std::string(bad) == "\"\"" ? "" : bad) + "'"))
        << bad;
  }
}

TEST(ParserErrors, AnUnterminatedQuoteIsAnError) {
  EXPECT_EQ(Dump("12 1.0 E t1 \"open\n").error, ErrorAt(BodyLine(1), "unterminated quote"));
}

TEST(ParserErrors, BlankLinesCommentsAndCrlfAreFine) {
  auto out = Dump("\n# comment\r\n   \t\n12 1.0 E t1 x\r\n12\t2.0\tE\tt1\ty # trailing\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("2"), {"Event, thread1, Ev, 1.000000, x",
                                                      "Event, thread1, Ev, 2.000000, y"}}));
}

TEST(ParserErrors, AFileWhoseEveryLineIsACommentHasOnlyTheRoot) {
  auto out = DumpRaw("# one\n# two\n#three");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Sorted({"Container, 0, 0, 0, -1, -1, 0"}));
}

}  // namespace
}  // namespace tracedb::testing::parser_errors_test
