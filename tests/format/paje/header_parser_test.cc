// The %EventDef header: field names old and new, user fields, obligatory
// fields, and the errors of a broken definition.
#include "format/paje/header_parser.h"

#include <gtest/gtest.h>

#include "model/input_error.h"
#include "support/test_support.h"

namespace tracedb::testing::header_parser_test {
namespace {

using paje::HeaderParser;

void FeedAll(HeaderParser& parser, std::initializer_list<const char*> lines) {
  uint64_t n = 0;
  for (const char* line : lines) parser.Feed(line, ++n);
}

std::string ProblemOf(std::initializer_list<const char*> lines, uint64_t* line = nullptr) {
  HeaderParser parser;
  try {
    FeedAll(parser, lines);
    parser.Finish(lines.size());
  } catch (const ProblemError& e) {
    if (line) *line = e.line();
    return e.what();
  }
  return "";
}

TEST(HeaderParser, ReadsADefinitionWithOldAndNewNamesAndUserFields) {
  HeaderParser parser;
  FeedAll(parser, {"%EventDef PajeStartLink 21", "% Time date", "% EntityType string",
                   "% Container string", "% Value string", "% SourceContainer string",
                   "% Key string", "% Size int", "%EndEventDef"});
  const paje::EventDefinition* def = parser.table()->Find("21");
  ASSERT_NE(def, nullptr);
  EXPECT_EQ(def->kind, EventKind::kStartLink);
  EXPECT_EQ(def->fields, (std::vector<Field>{Field::kTime, Field::kType, Field::kContainer,
                                             Field::kValue, Field::kStartContainer, Field::kKey,
                                             Field::kExtra}));
  EXPECT_EQ(def->extra_count, 1);
  EXPECT_EQ(def->layout.extra_names, std::vector<std::string>{"Size"});
  EXPECT_EQ(def->layout.extras, std::vector<uint8_t>{7});
  EXPECT_EQ(def->layout.position[static_cast<int>(Field::kKey)], 6);
  EXPECT_EQ(def->layout.position[static_cast<int>(Field::kName)], -1);
}

TEST(HeaderParser, AcceptsASpaceAfterThePercentAndNonNumericIds) {
  HeaderParser parser;
  FeedAll(parser, {"% EventDef PajeNewEvent ev", "%\tTime\tdate", "% Type string",
                   "% Container string", "% Value string", "% EndEventDef"});
  ASSERT_NE(parser.table()->Find("ev"), nullptr);
  EXPECT_EQ(parser.table()->Find("ev")->kind, EventKind::kNewEvent);
}

TEST(HeaderParser, EarlierSnapshotsDoNotSeeLaterDefinitions) {
  HeaderParser parser;
  auto before = parser.table();
  FeedAll(parser, {"%EventDef PajePopState 3", "% Time date", "% Type string",
                   "% Container string", "%EndEventDef"});
  EXPECT_EQ(before->Find("3"), nullptr);
  EXPECT_NE(parser.table()->Find("3"), nullptr);
}

TEST(HeaderParser, ObligatoryFieldsAreCheckedAtTheEnd) {
  uint64_t line = 0;
  EXPECT_EQ(ProblemOf({"%EventDef PajeDestroyContainer 8", "% Time date", "% Type string",
                       "% Container string", "%EndEventDef"},
                      &line),
            "PajeDestroyContainer definition '8' lacks obligatory field(s): Name");
  EXPECT_EQ(line, 5u);
  EXPECT_EQ(ProblemOf({"%EventDef PajeStartLink 1", "% Time date", "%EndEventDef"}),
            "PajeStartLink definition '1' lacks obligatory field(s): Type, Container, Value, "
            "StartContainer, Key");
}

TEST(HeaderParser, ReportsBrokenDefinitions) {
  EXPECT_EQ(ProblemOf({"%EventDef PajeFly 1"}), "unknown event name 'PajeFly'");
  EXPECT_EQ(ProblemOf({"%EventDef PajeNewEvent 1", "% Time bool"}),
            "unknown field type 'bool' for field 'Time'");
  EXPECT_EQ(ProblemOf({"%EventDef PajeNewEvent 1", "% Time date", "% Time date"}),
            "field 'Time' defined twice");
  EXPECT_EQ(ProblemOf({"% Time date"}), "field definition outside of an %EventDef block");
  EXPECT_EQ(ProblemOf({"%EndEventDef"}), "%EndEventDef without %EventDef");
  EXPECT_EQ(ProblemOf({"%EventDef PajeNewEvent 1", "%EventDef PajeNewEvent 2"}),
            "%EventDef inside the %EventDef of '1' (missing %EndEventDef)");
  uint64_t line = 0;
  EXPECT_EQ(ProblemOf({"%EventDef PajeNewEvent 1", "% Time date"}, &line),
            "the %EventDef of '1' (line 1) has no %EndEventDef");
  EXPECT_EQ(line, 2u);
  EXPECT_EQ(ProblemOf({"%EventDef PajeTraceFile 1", "%EndEventDef", "%EventDef PajeTraceFile 1"}),
            "event id '1' is already defined");
}

TEST(HeaderParser, DefinitionsMayComeAfterEvents) {
  auto out = Dump(
      "12 1.0 E t1 before\n"
      "%EventDef PajeNewEvent 99\n% Value string\n% Container string\n% Type string\n"
      "% Time date\n%EndEventDef\n"
      "99 late t1 E 2.0\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("2"),
                               {"Event, thread1, Ev, 1.000000, before",
                                "Event, thread1, Ev, 2.000000, late"}}));
}

TEST(HeaderParser, TheOld2003NamesWorkWithoutAnOption) {
  auto out = DumpRaw(
      "%EventDef PajeDefineContainerType 1\n% Alias string\n% ContainerType string\n"
      "% Name string\n%EndEventDef\n"
      "%EventDef PajeCreateContainer 2\n% Time date\n% Alias string\n% Type string\n"
      "% Container string\n% Name string\n%EndEventDef\n"
      "1 P 0 Proc\n"
      "2 1.5 p P 0 \"proc 1\"\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Sorted({"Container, 0, 0, 0, 1.5, 1.5, 0",
                               "Container, 0, Proc, 1.5, 1.5, 0, proc 1"}));
}

}  // namespace
}  // namespace tracedb::testing::header_parser_test
