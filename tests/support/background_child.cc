#include "support/background_child.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "support/test_support.h"

extern char** environ;

namespace tracedb::testing {
namespace {

// Several children may be alive at once: each gets its own output files.
std::string OutputPath(const char* what) {
  static std::atomic<int> counter{0};
  return WriteTempFile("background-" + std::to_string(counter++) + "." + what, "");
}

std::vector<char*> Pointers(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

// Whether `entry` ("NAME=VALUE") names a variable that `env` sets: getenv
// finds the first of two entries of one name, so the test's own must go.
bool Overridden(std::string_view entry, const std::vector<std::string>& env) {
  std::string_view name = entry.substr(0, entry.find('=') + 1);
  for (const std::string& setting : env) {
    if (std::string_view(setting).substr(0, name.size()) == name) return true;
  }
  return false;
}

}  // namespace

BackgroundChild::BackgroundChild(const std::string& program, const std::vector<std::string>& args,
                                 const std::vector<std::string>& env)
    : out_path_(OutputPath("out")), err_path_(OutputPath("err")) {
  std::vector<std::string> argv_storage{program};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<std::string> env_storage;
  for (char** e = environ; *e != nullptr; ++e) {
    if (!Overridden(*e, env)) env_storage.emplace_back(*e);
  }
  env_storage.insert(env_storage.end(), env.begin(), env.end());
  std::vector<char*> argv = Pointers(argv_storage);
  std::vector<char*> envp = Pointers(env_storage);
  int in = open("/dev/null", O_RDONLY);
  int out = open(out_path_.c_str(), O_WRONLY | O_TRUNC);
  int err = open(err_path_.c_str(), O_WRONLY | O_TRUNC);
  if (in < 0 || out < 0 || err < 0) throw std::runtime_error("cannot set up the child's files");
  std::fflush(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    // Between fork and exec: async-signal-safe calls only.
    dup2(in, STDIN_FILENO);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    execve(program.c_str(), argv.data(), envp.data());
    _exit(127);
  }
  close(in);
  close(out);
  close(err);
  if (pid_ < 0) throw std::runtime_error("cannot fork for " + program);
}

BackgroundChild::~BackgroundChild() {
  Kill();
  if (!ended_) waitpid(pid_, &status_, 0);
}

bool BackgroundChild::Running() {
  if (!ended_ && waitpid(pid_, &status_, WNOHANG) == pid_) ended_ = true;
  return !ended_;
}

void BackgroundChild::Kill() { Signal(SIGKILL); }

void BackgroundChild::Signal(int signal) {
  if (Running()) kill(pid_, signal);
}

ChildRun BackgroundChild::Wait() {
  if (!ended_ && waitpid(pid_, &status_, 0) == pid_) ended_ = true;
  if (!ended_) throw std::runtime_error("cannot wait for the child");
  ChildRun run;
  run.signaled = WIFSIGNALED(status_);
  if (run.signaled) run.signal = WTERMSIG(status_);
  if (WIFEXITED(status_)) run.exit_code = WEXITSTATUS(status_);
  run.out = ReadWholeFile(out_path_);
  run.err = ReadWholeFile(err_path_);
  return run;
}

ChildRun RunTracedbWith(const std::vector<std::string>& env, const std::vector<std::string>& args) {
  return BackgroundChild(TRACEDB_BINARY, args, env).Wait();
}

}  // namespace tracedb::testing
