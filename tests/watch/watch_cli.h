// What the tests of tracedb watch share (watch_load_cli_test.cc,
// watch_stop_cli_test.cc): the watcher as a background child of the test,
// the folders and files it watches, its log lines without their times, and
// the fixture that runs a test on both backends.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/backend_support.h"

namespace tracedb::testing::watch_cli {

namespace fs = std::filesystem;

// A trace of `states` states on thread1, so that each is different: 4 + states rows.
std::string StatesTrace(int states);

// An empty folder of its own in the test's temporary folder.
std::string FreshDir(const std::string& name);

void Write(const std::string& path, const std::string& content);
void Append(const std::string& path, const std::string& content);
std::string Read(const std::string& path);

// The names of the regular files in `dir`, sorted.
std::vector<std::string> Files(const std::string& dir);

bool Exists(const std::string& path);

// The watcher's lines about traces, without their times (the UTC stamp in
// front, the seconds a load took, as "S s") and without its opening line.
std::vector<std::string> LogLines(const std::string& text);

// `tracedb watch` running in the background, a child of the test so that
// its exit status can be had.
class WatchProcess {
 public:
  WatchProcess(const std::string& args, const std::string& name);
  ~WatchProcess();

  bool started() const { return pid_ > 0; }
  // Sends `signal` and returns the exit code (128 + N when signal N ended it).
  int Stop(int signal = SIGTERM);
  std::string err() const { return Read(err_); }

 private:
  std::string err_;
  pid_t pid_ = -1;
};

class WatchCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { TRACEDB_SKIP_WITHOUT_SERVER(GetParam()); }
  bool sqlite() const { return GetParam() == Backend::kSqlite; }
};

}  // namespace tracedb::testing::watch_cli
