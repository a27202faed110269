// What the tests of the archive commands share (list_info_cli_test.cc,
// query_cli_test.cc, delete_cli_test.cc): the fixture, an archive on each
// backend holding two traces, examples/ring.paje (trace 1) and a small one
// written here (trace 2).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::archive_cli {

// Nested states on thread1, one on thread2, an event, a variable, a link;
// the trace ends at 3.0.
extern const char* const kSmallBody;

// Single quotes for the shell.
std::string Quoted(const std::string& text);

// Replaces every `from` in `text` by `to`.
std::string Replaced(std::string text, const std::string& from, const std::string& to);

class ArchiveCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "archive");
    db_ = database_->url();
    Ingest(ring_);
    Ingest("--comment " + Quoted("second, small") + " " + small_);
  }

  void Ingest(const std::string& args) {
    CliRun run = Tracedb("ingest -q --db " + db_ + " " + args);
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }

  CliRun Run(const std::string& command, const std::string& args) {
    return Tracedb(command + " --db " + db_ + " " + args);
  }

  CliRun Query(const std::string& options, const std::string& sql) {
    return Run("query", options + " " + Quoted(sql));
  }

  std::vector<std::string> Rows(const std::string& sql) { return database_->Rows(sql); }
  bool sqlite() const { return GetParam() == Backend::kSqlite; }

  std::unique_ptr<TestDatabase> database_;
  std::string db_;
  std::string ring_ =
      std::filesystem::absolute(std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje")
          .lexically_normal()
          .string();
  std::string small_ = WriteTempFile("small.paje", Header() + kSmallBody);
};

}  // namespace tracedb::testing::archive_cli
