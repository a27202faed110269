// PostgresProblem and PostgresProblemInFull: the server's messages as
// tracedb's one-line errors and as `query` shows them.
#include <gtest/gtest.h>

#include "db/postgres/pg_connection.h"

namespace tracedb::pg_problem_test {
namespace {

TEST(PostgresProblem, KeepsTheFirstLineWithoutItsSeverity) {
  EXPECT_EQ(PostgresProblem("ERROR:  relation \"nosuch\" does not exist\n"
                            "LINE 1: SELECT * FROM nosuch\n"
                            "                      ^\n"),
            "relation \"nosuch\" does not exist");
  EXPECT_EQ(PostgresProblem("FATAL:  database \"x\" does not exist\n"),
            "database \"x\" does not exist");
  EXPECT_EQ(PostgresProblem("connection to server at \"127.0.0.1\", port 1 failed: refused  "),
            "connection to server at \"127.0.0.1\", port 1 failed: refused");
}

// Found by an archive of 1,070 traces, whose loads failed with "out of
// shared memory" and nothing more.
TEST(PostgresProblem, AddsTheServersHint) {
  EXPECT_EQ(PostgresProblem("ERROR:  out of shared memory\n"
                            "HINT:  You might need to increase max_locks_per_transaction.\n"),
            "out of shared memory (You might need to increase max_locks_per_transaction.)");
  EXPECT_EQ(PostgresProblem("ERROR:  function nosuch(integer) does not exist\n"
                            "LINE 1: SELECT nosuch(1)\n"
                            "               ^\n"
                            "HINT:  No function matches the given name and argument types.\n"),
            "function nosuch(integer) does not exist (No function matches the given name and "
            "argument types.)");
}

TEST(PostgresProblem, InFullKeepsEveryLineOnce) {
  EXPECT_EQ(PostgresProblemInFull("ERROR:  function nosuch(integer) does not exist\n"
                                  "LINE 1: SELECT nosuch(1)\n"
                                  "               ^\n"
                                  "HINT:  No function matches.\n"),
            "function nosuch(integer) does not exist\n"
            "LINE 1: SELECT nosuch(1)\n"
            "               ^\n"
            "HINT:  No function matches.");
  EXPECT_EQ(PostgresProblemInFull("ERROR:  syntax error at end of input"),
            "syntax error at end of input");
}

}  // namespace
}  // namespace tracedb::pg_problem_test
