// model/utf8.h and model/latin1_text.h: which bytes are UTF-8, and text
// that is not read as Latin-1, byte for byte.
#include "model/latin1_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/utf8.h"

namespace tracedb::latin1_text_test {
namespace {

TEST(Utf8, HasHighByteFindsOneByteAnywhere) {
  EXPECT_FALSE(HasHighByte(""));
  EXPECT_FALSE(HasHighByte(std::string(1000, 'a')));
  // In a 64-byte step, in the 8-byte tail and in the last bytes.
  for (size_t at : {0, 7, 8, 63, 64, 120, 129, 199}) {
    std::string text(200, 'a');
    text[at] = '\x80';
    EXPECT_TRUE(HasHighByte(text)) << at;
    EXPECT_TRUE(HasHighByte(std::string_view(text).substr(at))) << at;
    EXPECT_FALSE(HasHighByte(std::string_view(text).substr(0, at))) << at;
  }
}

TEST(Utf8, AcceptsValidSequences) {
  EXPECT_TRUE(IsUtf8(""));
  EXPECT_TRUE(IsUtf8("plain ASCII, long enough to be read a word at a time"));
  EXPECT_TRUE(IsUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
  EXPECT_TRUE(IsUtf8("\xC2\x80 \xDF\xBF \xE0\xA0\x80 \xED\x9F\xBF \xEE\x80\x80 \xF4\x8F\xBF\xBF"));
  EXPECT_EQ(Utf8SequenceLength("\xE2\x82\xAC", 0), 3u);
  EXPECT_EQ(Utf8SequenceLength("a", 0), 0u);
}

TEST(Utf8, RefusesWhatRfc3629Forbids) {
  for (const char* bad : {
           "caf\xE9",           // Latin-1
           "\x80",              // a continuation byte alone
           "\xC3",              // cut short
           "\xE2\x82",          // cut short
           "\xC0\xAF",          // overlong '/'
           "\xE0\x9F\xBF",      // overlong
           "\xED\xA0\x80",      // a UTF-16 surrogate
           "\xF4\x90\x80\x80",  // past U+10FFFF
           "\xF5\x80\x80\x80",  // a lead byte past U+10FFFF
           "\xF5\x80\x80",      // the same, three bytes long
           "\xF8\x88\x80\x80\x80",
           "\xFF",
       }) {
    EXPECT_FALSE(IsUtf8(bad)) << bad;
    EXPECT_FALSE(IsUtf8(std::string(20, 'x') + bad + std::string(20, 'y'))) << bad;
  }
}

TEST(Latin1AsUtf8, ReadsEachInvalidByteAsLatin1) {
  EXPECT_EQ(Latin1AsUtf8("caf\xE9"), "caf\xC3\xA9");
  EXPECT_EQ(Latin1AsUtf8("\xC9tat \xE0 Br\xE9sil"), "\xC3\x89tat \xC3\xA0 Br\xC3\xA9sil");
  EXPECT_EQ(Latin1AsUtf8("\x80\xFF"), "\xC2\x80\xC3\xBF");
  EXPECT_EQ(Latin1AsUtf8("\xC3"), "\xC3\x83");                          // cut short: 'Ã'
  EXPECT_EQ(Latin1AsUtf8("\xED\xA0\x80"), "\xC3\xAD\xC2\xA0\xC2\x80");  // no surrogates
}

TEST(Latin1AsUtf8, LeavesValidUtf8AsItIs) {
  EXPECT_EQ(Latin1AsUtf8("plain"), "plain");
  EXPECT_EQ(Latin1AsUtf8("caf\xC3\xA9 \xE2\x82\xAC"), "caf\xC3\xA9 \xE2\x82\xAC");
  // Mixed: the valid sequence stays, the stray byte is read as Latin-1.
  EXPECT_EQ(Latin1AsUtf8("d\xC3\xA9j\xE0"), "d\xC3\xA9j\xC3\xA0");
}

// Whatever the bytes, the result is UTF-8 and keeps each of them: every
// pair of bytes, and each byte alone.
TEST(Latin1AsUtf8, AlwaysGivesUtf8AndLosesNoByte) {
  for (int a = 1; a < 256; ++a) {
    std::string one(1, static_cast<char>(a));
    EXPECT_EQ(Latin1AsUtf8(one).size(), a < 0x80 ? 1u : 2u) << a;
    for (int b = 1; b < 256; ++b) {
      std::string two = one + static_cast<char>(b);
      std::string out = Latin1AsUtf8(two);
      ASSERT_TRUE(IsUtf8(out)) << a << " " << b;
      // Not UTF-8, the pair holds no valid sequence: each high byte doubles.
      size_t size = IsUtf8(two) ? 2 : 2 + (a >= 0x80) + (b >= 0x80);
      EXPECT_EQ(out.size(), size) << a << " " << b;
      if (IsUtf8(two)) {
        EXPECT_EQ(out, two);
      }
    }
  }
}

TEST(RecodeTexts, RepointsOnlyWhatIsNotUtf8) {
  std::string line = "4 1 S p1 caf\xE9 d\xC3\xA9j\xC3\xA0";
  std::vector<std::string_view> texts = {std::string_view(line).substr(0, 1),
                                         std::string_view(line).substr(9, 4),
                                         std::string_view(line).substr(14)};
  std::deque<std::string> store;
  EXPECT_TRUE(RecodeTexts(texts, &store));
  EXPECT_EQ(texts, (std::vector<std::string_view>{"4", "caf\xC3\xA9", "d\xC3\xA9j\xC3\xA0"}));
  EXPECT_EQ(store.size(), 1u);
  EXPECT_EQ(texts[0].data(), line.data());  // untouched views stay in the line
  EXPECT_FALSE(RecodeTexts(texts, &store));
}

TEST(RecodeLines, ChangesTheLinesThatAreNotUtf8AndSaysWhich) {
  std::string text = "STATES\n1 Running\n2 Attente \xE0 l'E/S\n3 d\xC3\xA9j\xC3\xA0\n4 \xC9tat";
  Latin1Lines lines = RecodeLines(&text);
  EXPECT_EQ(text,
            "STATES\n1 Running\n2 Attente \xC3\xA0 l'E/S\n3 d\xC3\xA9j\xC3\xA0\n4 \xC3\x89tat");
  EXPECT_EQ(lines.first, 3u);
  EXPECT_EQ(lines.count, 2u);
  std::string ascii = "STATES\n1 Running\n";
  EXPECT_EQ(RecodeLines(&ascii).count, 0u);
  EXPECT_EQ(ascii, "STATES\n1 Running\n");
}

TEST(Latin1Lines, KeepsTheFirstLineAndTheCount) {
  Latin1Lines lines;
  lines.Add(Latin1Lines{}, 100);
  EXPECT_EQ(lines.count, 0u);
  lines.Add(Latin1Lines{.first = 2, .count = 3}, 100);  // a block after line 100
  lines.Add(7);                                         // an earlier line, met later
  EXPECT_EQ(lines.first, 7u);
  EXPECT_EQ(lines.count, 4u);
}

TEST(Latin1Lines, TheWarningNamesTheFirstLine) {
  EXPECT_EQ(std::string(Latin1Warning("old.paje", {.first = 7, .count = 3}).what()),
            "old.paje:7: bytes that are not UTF-8 read as Latin-1 (first of 3 lines)");
  EXPECT_EQ(std::string(Latin1Warning("old.pcf", {.first = 2, .count = 1}).what()),
            "old.pcf:2: bytes that are not UTF-8 read as Latin-1 (the only such line)");
}

}  // namespace
}  // namespace tracedb::latin1_text_test
