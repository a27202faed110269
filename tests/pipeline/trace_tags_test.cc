// Tags of a trace: --tag KEY=VALUE and --tags-from-name PATTERN.
#include "pipeline/trace_tags.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace tracedb::testing::trace_tags_test {
namespace {

std::string Shown(const Extras& tags) {
  std::string text;
  for (const ExtraField& tag : tags) text += tag.name + "=" + tag.value + ";";
  return text;
}

// The tags `pattern` takes from `name`, or "(warning)" when it does not match.
std::string FromName(const std::string& pattern, const std::string& name,
                     const Extras& fixed = {}) {
  TraceLabels labels{.tags = fixed, .tags_from_name = CompileNamePattern(pattern)};
  std::string warning;
  Extras tags = TagsFor(labels, name, &warning);
  return warning.empty() ? Shown(tags) : "(warning) " + Shown(tags);
}

std::string ParseError(const std::vector<std::string>& texts) {
  try {
    ParseTags(texts);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

std::string PatternError(const std::string& pattern) {
  try {
    CompileNamePattern(pattern);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(TraceTags, TagsAreKeyEqualsValueSortedByKey) {
  EXPECT_EQ(Shown(ParseTags({"run=3", "app=lu", "note=a=b", "empty="})),
            "app=lu;empty=;note=a=b;run=3;");
  EXPECT_EQ(ParseError({"run"}), "--tag wants KEY=VALUE, not 'run'");
  EXPECT_EQ(ParseError({"=3"}), "a tag's KEY is letters, digits, '_', '.' and '-', not ''");
  EXPECT_EQ(ParseError({"r\"n=3"}), "a tag's KEY is letters, digits, '_', '.' and '-', not 'r\"n'");
  EXPECT_EQ(ParseError({"run=3", "run=4"}), "--tag run given twice");
}

TEST(TraceTags, APatternTakesEachKeyAsShortAsTheRestAllows) {
  EXPECT_EQ(FromName("{app}_run{run}.*", "lu.B_run3.prv"), "app=lu.B;run=3;");
  EXPECT_EQ(FromName("{a}_{b}", "x_y_z"), "a=x;b=y_z;");
  EXPECT_EQ(FromName("*-{n}.paje", "2024-01-17.paje"), "n=01-17;");  // * is short too
  EXPECT_EQ(FromName("{app}_run{run}.*", "final.paje"), "(warning) ");
  EXPECT_EQ(FromName("{app}.paje", "lu.paje", {{"app", "given"}}), "app=given;");
  EXPECT_EQ(FromName("{app}.paje", "lu.paje", {{"site", "lab"}}), "app=lu;site=lab;");
}

TEST(TraceTags, EveryOtherCharacterStandsForItself) {
  EXPECT_EQ(FromName("({a})[{b}]+^$\\|?.x", "(p)[q]+^$\\|?.x"), "a=p;b=q;");
  EXPECT_EQ(FromName("({a})", "(p]"), "(warning) ");
  EXPECT_EQ(FromName("{a}.x", "pqx"), "(warning) ");
}

// A name that cannot match, with many ways to split it: the work stays
// pieces x length x length (a backtracking regex would take hours here).
TEST(TraceTags, AHostileNameIsRefusedWithoutBlowingUp) {
  std::string name;
  for (int i = 0; i < 60; ++i) name += "ab_";
  name += "end.gz";
  EXPECT_EQ(FromName("{a}_{b}_{c}_{d}_{e}_{f}_{g}_{h}.prv", name), "(warning) ");
}

TEST(TraceTags, PatternsAreChecked) {
  EXPECT_EQ(PatternError("run{run"), "--tags-from-name: a '{' without its '}'");
  EXPECT_EQ(PatternError("run*.paje"), "--tags-from-name: no {KEY} in 'run*.paje'");
  EXPECT_EQ(PatternError("{a}_{a}"), "--tags-from-name: {a} twice");
  EXPECT_EQ(PatternError("{a b}"), "a tag's KEY is letters, digits, '_', '.' and '-', not 'a b'");
}

}  // namespace
}  // namespace tracedb::testing::trace_tags_test
