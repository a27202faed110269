// CountStatements: what tracedb query takes as one statement, on either
// backend.
#include "db/sql_statements.h"

#include <gtest/gtest.h>

namespace tracedb::sql_statements_test {
namespace {

TEST(CountStatements, NothingButBlanksAndCommentsIsNone) {
  EXPECT_EQ(CountStatements(""), 0u);
  EXPECT_EQ(CountStatements(" \n\t "), 0u);
  EXPECT_EQ(CountStatements(";"), 0u);
  EXPECT_EQ(CountStatements(" ; ;\n"), 0u);
  EXPECT_EQ(CountStatements("-- just a note\n"), 0u);
  EXPECT_EQ(CountStatements("/* a; b */ ; -- c; d"), 0u);
}

TEST(CountStatements, OneStatementWithOrWithoutItsSemicolon) {
  EXPECT_EQ(CountStatements("SELECT 1"), 1u);
  EXPECT_EQ(CountStatements("SELECT 1;"), 1u);
  EXPECT_EQ(CountStatements("SELECT 1; -- the end\n"), 1u);
  EXPECT_EQ(CountStatements("SELECT 1 ;  ;\n/* trailing */"), 1u);
}

TEST(CountStatements, EverySecondStatementCounts) {
  EXPECT_EQ(CountStatements("SELECT 1; SELECT 2"), 2u);
  EXPECT_EQ(CountStatements("SELECT 1; DELETE FROM trace;"), 2u);
  EXPECT_EQ(CountStatements("SELECT 1;;SELECT 2;;SELECT 3"), 3u);
}

TEST(CountStatements, SemicolonsInQuotesAndCommentsDoNotEndAStatement) {
  EXPECT_EQ(CountStatements("SELECT 'a;b' AS \"c;d\""), 1u);
  EXPECT_EQ(CountStatements("SELECT 'it''s; fine'"), 1u);
  EXPECT_EQ(CountStatements("SELECT [odd;name], `other;name` FROM t"), 1u);
  EXPECT_EQ(CountStatements("SELECT 1 -- ; not here\n"), 1u);
  EXPECT_EQ(CountStatements("SELECT /* ; */ 1"), 1u);
  EXPECT_EQ(CountStatements("SELECT E'a\\';b'"), 1u);
  EXPECT_EQ(CountStatements("SELECT 'a\\'; SELECT 2"), 2u);  // no E: the backslash is a character
  EXPECT_EQ(CountStatements("SELECT $$a;b$$, $fn$c;$$;d$fn$"), 1u);
}

TEST(CountStatements, ParametersAndNamesWithDollarsAreNotQuotes) {
  EXPECT_EQ(CountStatements("SELECT * FROM state WHERE trace_id = $1; SELECT 2"), 2u);
  EXPECT_EQ(CountStatements("SELECT a$b$c FROM t; SELECT 2"), 2u);
}

TEST(CountStatements, TextCutInsideAQuoteIsOneStatement) {
  EXPECT_EQ(CountStatements("SELECT 'open; SELECT 2"), 1u);
  EXPECT_EQ(CountStatements("SELECT 1 /* open; SELECT 2"), 1u);
}

}  // namespace
}  // namespace tracedb::sql_statements_test
