// Printable: input text made safe for a message, exactly.
#include "model/printable.h"

#include <gtest/gtest.h>

#include "model/input_error.h"

namespace tracedb::printable_test {
namespace {

TEST(Printable, KeepsTextAndValidUtf8) {
  EXPECT_EQ(Printable("unknown container 'rank 3'"), "unknown container 'rank 3'");
  EXPECT_EQ(Printable("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
}

TEST(Printable, EscapesControlBytesAndNul) {
  EXPECT_EQ(Printable(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(Printable("\t\r\n\x1b[0m\x7f"), "\\x09\\x0d\\x0a\\x1b[0m\\x7f");
}

TEST(Printable, EscapesBytesThatAreNotUtf8) {
  EXPECT_EQ(Printable("\x89PNG"), "\\x89PNG");
  EXPECT_EQ(Printable("\xC3"), "\\xc3");                             // cut short
  EXPECT_EQ(Printable("\xC0\xAF"), "\\xc0\\xaf");                    // overlong '/'
  EXPECT_EQ(Printable("\xED\xA0\x80"), "\\xed\\xa0\\x80");           // a UTF-16 surrogate
  EXPECT_EQ(Printable("\xF4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  EXPECT_EQ(Printable("\xF5\x80\x80"), "\\xf5\\x80\\x80");           // a lead byte past U+10FFFF
}

TEST(Printable, CutsTheMiddleOfLongText) {
  std::string text = std::string(700, 'a') + std::string(1000, 'b') + std::string(400, 'c');
  EXPECT_EQ(Printable(text),
            std::string(640, 'a') + "...(1140 bytes not shown)..." + std::string(320, 'c'));
  EXPECT_EQ(Printable(std::string(kMaxPrintable, 'x')), std::string(kMaxPrintable, 'x'));
}

TEST(Printable, NeverCutsAUtf8Sequence) {
  std::string euros;
  for (int i = 0; i < 600; ++i) euros += "\xE2\x82\xAC";  // 3 bytes each
  std::string shown = Printable(euros);
  // 640 is not a multiple of 3: the head ends at 639, the tail starts at
  // 1800 - 320 = 1480, moved back to 1479.
  EXPECT_EQ(shown.substr(0, 639), euros.substr(0, 639));
  EXPECT_EQ(shown.substr(639), "...(840 bytes not shown)..." + euros.substr(1479));
}

TEST(Printable, InputErrorsShowTheWholeProblem) {
  InputError error("t.paje", 12, std::string("unknown container 'zz\0q'", 24));
  EXPECT_STREQ(error.what(), "t.paje:12: unknown container 'zz\\x00q'");
  ProblemError problem(3, std::string("a\0b", 3));
  EXPECT_EQ(problem.problem(), std::string("a\0b", 3));
}

}  // namespace
}  // namespace tracedb::printable_test
