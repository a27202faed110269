// What the tests of the analysis commands share (profile_cli_test.cc,
// comm_compare_cli_test.cc, plot_cli_test.cc, report_cli_test.cc): the small
// traces they ingest, and the fixture that runs each test on both backends.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <string>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::analysis_cli {

// The test's own scratch folder.
std::string Folder();

// How many times `part` occurs in `text`.
size_t Count(const std::string& text, const std::string& part);

// thread1 under node1 and thread1 under node2; B pushed on A in node2's,
// from 2.0 to 2.5. Every container lives from 0 to 3.
extern const char* const kTwins;

// Links with sizes (a start half with a Size field, event 18) and without:
// node1/thread1 -> node1/thread2 twice (150 bytes, 1.5 s), node1/thread2 ->
// node2/thread1 once (10 bytes), node2/thread1 -> node1/thread1 twice (no
// size).
extern const char* const kMessages;

// Twins again, a second run that ends at 4.0: node2/thread1's B takes a
// second longer (2.0 to 3.5), node1/thread1 has a D; C is gone.
extern const char* const kTwinsLater;

// Alpha (red) on node1/thread1 from 1.0, Beta (blue) pushed on it from 2.0;
// Beta on node1/thread2 from 1.5; the trace ends at 2.5.
extern const char* const kColoured;

class AnalysisCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_.emplace(GetParam(), "analysis");
  }
  bool postgres() const { return GetParam() == Backend::kPostgres; }
  const std::string& db() const { return database_->url(); }
  void Ingest(const std::string& name, const std::string& body) {
    CliRun run = Tracedb("ingest -q --db " + db() + " " + WriteTempFile(name, Header() + body));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  CliRun Profile(const std::string& args) { return Tracedb("profile --db " + db() + " " + args); }
  // The refusal of `args`: exit code 1, nothing on stdout, stderr's line.
  std::string Refusal(const std::string& args) {
    CliRun run = Profile(args);
    EXPECT_EQ(run.exit_code, 1) << args;
    EXPECT_EQ(run.out, "") << args;
    return run.err;
  }
  std::optional<TestDatabase> database_;
};

}  // namespace tracedb::testing::analysis_cli
