#include "format/paje/line_tokenizer.h"

#include <gtest/gtest.h>

namespace tracedb::paje::line_tokenizer_test {
namespace {

std::vector<std::string_view> Tokens(std::string_view line) {
  std::vector<std::string_view> out;
  EXPECT_EQ(TokenizeLine(line, &out), TokenizeResult::kOk) << line;
  return out;
}

using V = std::vector<std::string_view>;

TEST(TokenizeLine, SplitsOnSpacesAndTabs) {
  EXPECT_EQ(Tokens("12 1.0\tS  t1 \t A"), (V{"12", "1.0", "S", "t1", "A"}));
  EXPECT_EQ(Tokens("   "), V{});
}

TEST(TokenizeLine, QuotesGroupAndAreDropped) {
  EXPECT_EQ(Tokens("17 1.0 E t1 \"hello world\""), (V{"17", "1.0", "E", "t1", "hello world"}));
  EXPECT_EQ(Tokens("a \"\" b"), (V{"a", "", "b"}));
  EXPECT_EQ(Tokens("a \"tab\there # not a comment\""), (V{"a", "tab\there # not a comment"}));
  EXPECT_EQ(Tokens("a it's"), (V{"a", "it's"}));
}

TEST(TokenizeLine, HashStartsACommentAnywhereOutsideQuotes) {
  EXPECT_EQ(Tokens("# whole line"), V{});
  EXPECT_EQ(Tokens("a b # c d"), (V{"a", "b"}));
  EXPECT_EQ(Tokens("unq#comment trailing"), (V{"unq"}));
}

// Tokens are scanned 8 bytes at a time: put each delimiter at every offset
// of a word, and bytes that differ from a delimiter by one bit beside it.
TEST(TokenizeLine, FindsEveryDelimiterAtEveryOffsetOfLongTokens) {
  for (char delimiter : {' ', '\t', '#'}) {
    for (size_t at = 0; at < 20; ++at) {
      std::string token(at + 1, 'x');
      if (at >= 2) token[at / 2] = '"';  // a quote inside a token is a plain byte
      if (at >= 1) token[at] = static_cast<char>(0xa2);  // high bit set, like UTF-8
      std::string line = token + delimiter + "tail_of_the_line_longer_than_eight";
      V expected = delimiter == '#' ? V{token} : V{token, "tail_of_the_line_longer_than_eight"};
      EXPECT_EQ(Tokens(line), expected) << int(delimiter) << " at " << at;
    }
  }
  EXPECT_EQ(Tokens("0123456789abcdef!\x01\x7f"), V{"0123456789abcdef!\x01\x7f"});
}

TEST(TokenizeLine, AnUnterminatedQuoteIsReported) {
  std::vector<std::string_view> out;
  EXPECT_EQ(TokenizeLine("a \"open", &out), TokenizeResult::kUnterminatedQuote);
}

}  // namespace
}  // namespace tracedb::paje::line_tokenizer_test
