// RunChild, which the hostile-input tests rely on: it must tell a signal
// from an exit code, and measure the child's memory, not the test's.
#include "support/child_process.h"

#include <gtest/gtest.h>

#include "support/background_child.h"
#include "support/test_support.h"

namespace tracedb::testing::child_process_test {
namespace {

TEST(ChildProcess, TellsASignalFromAnExitCode) {
  ChildRun killed = RunChild("/bin/sh", {"-c", "kill -SEGV $$"});
  EXPECT_TRUE(killed.signaled);
  EXPECT_EQ(killed.signal, 11);
  ChildRun failed = RunChild("/bin/sh", {"-c", "echo out; echo err >&2; exit 3"});
  EXPECT_FALSE(failed.signaled);
  EXPECT_EQ(failed.exit_code, 3);
  EXPECT_EQ(failed.out, "out\n");
  EXPECT_EQ(failed.err, "err\n");
}

// A trace with a 40 MB line needs at least that much memory to read; an
// empty one little. The test process itself is bigger than either after
// allocating 100 MB: what a child forked from it directly would report.
TEST(ChildProcess, MeasuresTheChildsOwnPeakMemory) {
  std::string big(100 << 20, 'x');
  std::string wide = WriteTempFile("wide.paje", "# " + big.substr(0, 40 << 20) + "\n");
  std::string empty = WriteTempFile("empty.paje", "");
  ChildRun reads_wide = RunTracedb({"dump", wide});
  ChildRun reads_empty = RunTracedb({"dump", empty});
  EXPECT_EQ(reads_wide.exit_code, 0) << reads_wide.err;
  EXPECT_GE(reads_wide.peak_rss_kb, 40 << 10);
  if (!kSanitizedBuild) {
    EXPECT_LT(reads_empty.peak_rss_kb, 40 << 10);
  }
  EXPECT_EQ(big.back(), 'x');  // the 100 MB stayed alive during the runs
}

// A variable the caller sets replaces the test's own of that name (getenv
// would find the first of two), and names that merely start alike stay.
TEST(BackgroundChild, GivenVariablesReplaceTheTestsOwn) {
  setenv("TRACEDB_TEST_VAR", "old", 1);
  setenv("TRACEDB_TEST_VAR_LONGER", "kept", 1);
  BackgroundChild child("/bin/sh", {"-c", "echo \"$TRACEDB_TEST_VAR $TRACEDB_TEST_VAR_LONGER\""},
                        {"TRACEDB_TEST_VAR=new"});
  ChildRun run = child.Wait();
  unsetenv("TRACEDB_TEST_VAR");
  unsetenv("TRACEDB_TEST_VAR_LONGER");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "new kept\n");
}

}  // namespace
}  // namespace tracedb::testing::child_process_test
