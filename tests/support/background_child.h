// BackgroundChild: a program started without waiting for it, for the tests
// that act while it runs: kill it at a moment of their choosing, or read the
// database while it writes. Like RunChild (child_process.h) it says exactly
// how the program ended; its stdout and stderr go to files read by Wait().
//
// One thread; the object owns the process: the destructor kills and reaps
// one still running, so a failed assertion leaves no stray loader behind.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "support/child_process.h"

namespace tracedb::testing {

class BackgroundChild {
 public:
  // Starts `program` with `args` (argv[1]...), stdin /dev/null, and the
  // test's environment plus `env` ("NAME=VALUE" each, replacing a variable
  // of that name).
  BackgroundChild(const std::string& program, const std::vector<std::string>& args,
                  const std::vector<std::string>& env = {});
  ~BackgroundChild();
  BackgroundChild(const BackgroundChild&) = delete;
  BackgroundChild& operator=(const BackgroundChild&) = delete;

  pid_t pid() const { return pid_; }
  // True until the program has ended (it is then reaped).
  bool Running();
  // SIGKILL, if it still runs.
  void Kill();
  // `signal` (SIGINT, SIGTERM...), if it still runs.
  void Signal(int signal);
  // Waits for the end; exit code or signal, and what it printed.
  ChildRun Wait();

 private:
  pid_t pid_ = -1;
  int status_ = 0;
  bool ended_ = false;
  std::string out_path_;
  std::string err_path_;
};

// The tracedb binary under test, with extra environment.
ChildRun RunTracedbWith(const std::vector<std::string>& env, const std::vector<std::string>& args);

}  // namespace tracedb::testing
