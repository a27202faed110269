// DumpText (output/dump_text.h): the shortcuts that spell pj_dump's text
// without formatting each number give the text formatting would.
#include "output/dump_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tracedb::dump_text_test {
namespace {

struct Spelled {
  std::vector<std::string> pieces;
  DumpText text{[this](std::string_view bytes) { pieces.emplace_back(bytes); }};
};

TypeInfo type{.name = "S", .kind = TypeKind::kState, .parent = 0};
ContainerInfo container{.name = "c", .type = 0, .parent = 0, .start = 0};

// A time spelled again is copied from where it was spelled, and spelled
// anew once a flush has handed that text on.
TEST(DumpText, ARepeatedTimeIsTheSameTextAcrossFlushes) {
  Spelled spelled;
  DumpLine line{.kind = DumpKind::kEvent,
                .container = &container,
                .type = &type,
                .value = "v",
                .start = 1.25};
  spelled.text.Event(line);
  spelled.text.Event(line);
  spelled.text.Flush();
  spelled.text.Event(line);
  line.start = 2.5;
  spelled.text.Event(line);
  spelled.text.Flush();
  ASSERT_EQ(spelled.pieces.size(), 2u);
  EXPECT_EQ(spelled.pieces[0], "Event, c, S, 1.250000, v\nEvent, c, S, 1.250000, v\n");
  EXPECT_EQ(spelled.pieces[1], "Event, c, S, 1.250000, v\nEvent, c, S, 2.500000, v\n");
}

// Depths of one digit are spelled from a table, others formatted.
TEST(DumpText, StateDepthsOfAnySizeAreSpelledAsPjDumpDoes) {
  Spelled spelled;
  DumpLine line{.kind = DumpKind::kState,
                .container = &container,
                .type = &type,
                .value = "A",
                .start = 1,
                .end = 3.5};
  for (double depth : {0.0, 1.0, 9.0, 10.0, 123.0}) {
    line.number = depth;
    spelled.text.State(line);
  }
  spelled.text.Flush();
  ASSERT_EQ(spelled.pieces.size(), 1u);
  EXPECT_EQ(spelled.pieces[0],
            "State, c, S, 1.000000, 3.500000, 2.500000, 0.000000, A\n"
            "State, c, S, 1.000000, 3.500000, 2.500000, 1.000000, A\n"
            "State, c, S, 1.000000, 3.500000, 2.500000, 9.000000, A\n"
            "State, c, S, 1.000000, 3.500000, 2.500000, 10.000000, A\n"
            "State, c, S, 1.000000, 3.500000, 2.500000, 123.000000, A\n");
}

}  // namespace
}  // namespace tracedb::dump_text_test
