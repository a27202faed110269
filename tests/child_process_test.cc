// RunChild, which the hostile-input tests rely on: it must tell a signal
// from an exit code, and measure the child's memory, not the test's.
#include "child_process.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace tracedb::testing {
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

}  // namespace
}  // namespace tracedb::testing
