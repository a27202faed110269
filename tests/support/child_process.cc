#include "support/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "support/test_support.h"

namespace tracedb::testing {
namespace {

// In the child between fork and exec: only async-signal-safe calls.
[[noreturn]] void ExecChild(const std::string& program, std::vector<char*>& argv, int in, int out,
                            int err) {
  dup2(in, STDIN_FILENO);
  dup2(out, STDOUT_FILENO);
  dup2(err, STDERR_FILENO);
  execv(program.c_str(), argv.data());
  _exit(127);
}

[[noreturn]] void CopyAndExit(const std::string& path, int out) {
  int fd = open(path.c_str(), O_RDONLY);
  char buffer[1 << 16];
  ssize_t got;
  while (fd >= 0 && (got = read(fd, buffer, sizeof buffer)) > 0) {
    if (write(out, buffer, static_cast<size_t>(got)) != got) break;
  }
  _exit(0);
}

// A process that copies the file into the pipe's write end, as `cat` would.
pid_t StartFeeder(const std::string& path, int pipe_read, int pipe_write) {
  pid_t feeder = fork();
  if (feeder != 0) return feeder;
  close(pipe_read);
  CopyAndExit(path, pipe_write);
}

// The same into a named pipe; its open waits for a reader.
pid_t StartFifoFeeder(const std::string& fifo, const std::string& path) {
  pid_t feeder = fork();
  if (feeder != 0) return feeder;
  int out = open(fifo.c_str(), O_WRONLY);
  if (out < 0) _exit(1);
  CopyAndExit(path, out);
}

int OpenStdin(const ChildOptions& options, int pipe_fds[2], pid_t* feeder) {
  switch (options.stdin_from) {
    case StdinFrom::kNothing:
      return open("/dev/null", O_RDONLY);
    case StdinFrom::kFile:
      return open(options.stdin_path.c_str(), O_RDONLY);
    case StdinFrom::kPipe:
      if (pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
      *feeder = StartFeeder(options.stdin_path, pipe_fds[0], pipe_fds[1]);
      close(pipe_fds[1]);
      return pipe_fds[0];
  }
  return -1;
}

// What the launcher wrote: "exit CODE KB" or "signal N KB".
void ReadReport(const std::string& path, ChildRun* run) {
  std::stringstream report(ReadWholeFile(path));
  std::string how;
  int number = -1;
  report >> how >> number >> run->peak_rss_kb;
  if (how == "signal") {
    run->signaled = true;
    run->signal = number;
  } else if (how == "exit") {
    run->exit_code = number;
  } else {
    throw std::runtime_error("the launcher wrote no report");
  }
}

}  // namespace

ChildRun RunChild(const std::string& program, const std::vector<std::string>& args,
                  const ChildOptions& options) {
  std::string out_path = WriteTempFile("child.out", "");
  std::string err_path = WriteTempFile("child.err", "");
  std::string report_path = WriteTempFile("child.report", "");
  std::string launcher = TRACEDB_RSS_LAUNCHER;
  std::vector<std::string> storage = {report_path, program};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv{launcher.data()};
  for (std::string& arg : storage) argv.push_back(arg.data());
  argv.push_back(nullptr);

  int pipe_fds[2] = {-1, -1};
  pid_t feeder = -1;
  int in = OpenStdin(options, pipe_fds, &feeder);
  int out = open(out_path.c_str(), O_WRONLY | O_TRUNC);
  int err = open(err_path.c_str(), O_WRONLY | O_TRUNC);
  if (in < 0 || out < 0 || err < 0) throw std::runtime_error("cannot set up the child's files");
  std::fflush(nullptr);
  pid_t fifo_feeder =
      options.fifo.empty() ? -1 : StartFifoFeeder(options.fifo, options.fifo_source);
  pid_t child = fork();
  if (child == 0) ExecChild(launcher, argv, in, out, err);
  close(in);
  close(out);
  close(err);

  int status = 0;
  bool waited = child > 0 && waitpid(child, &status, 0) == child;
  if (feeder > 0) waitpid(feeder, nullptr, 0);
  if (fifo_feeder > 0) {
    kill(fifo_feeder, SIGKILL);  // it may still wait for a reader that never came
    waitpid(fifo_feeder, nullptr, 0);
  }
  if (!waited || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("cannot run " + program + " through " + launcher);
  }
  ChildRun run;
  ReadReport(report_path, &run);
  run.out = ReadWholeFile(out_path);
  run.err = ReadWholeFile(err_path);
  return run;
}

ChildRun RunTracedb(const std::vector<std::string>& args, const ChildOptions& options) {
  return RunChild(TRACEDB_BINARY, args, options);
}

}  // namespace tracedb::testing
