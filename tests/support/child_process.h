// RunChild: runs a program without a shell and says exactly how it ended
// (exit code, or the signal that killed it: a crash must not pass for a
// clean failure) and how much memory it took at its peak. The program is
// started by tracedb-rss-launcher (rss_launcher.cc), a small process whose
// wait4 measures that one program alone.
#pragma once

#include <string>
#include <vector>

namespace tracedb::testing {

// Sanitizers multiply the memory and time a run takes.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif

// Where the child's stdin comes from.
enum class StdinFrom {
  kNothing,  // /dev/null
  kFile,     // the file itself (`cmd - <file`: seekable)
  kPipe,     // a pipe that another process fills with the file (`cat file | cmd -`)
};

struct ChildOptions {
  StdinFrom stdin_from = StdinFrom::kNothing;
  std::string stdin_path;  // for kFile and kPipe
  // When set, another process writes the file at fifo_source into the named
  // pipe at fifo, as `tracedb dump <(cat file)` would; it is stopped after
  // the child ends, whether the child read the pipe or not.
  std::string fifo;
  std::string fifo_source;
};

struct ChildRun {
  bool signaled = false;
  int signal = 0;      // when signaled
  int exit_code = -1;  // when not
  std::string out;
  std::string err;
  long peak_rss_kb = 0;
};

// Runs `program` with `args` (argv[1]...); stdout and stderr are captured
// through files, so that large outputs cannot fill a pipe.
ChildRun RunChild(const std::string& program, const std::vector<std::string>& args,
                  const ChildOptions& options = {});

// RunChild on the tracedb binary under test.
ChildRun RunTracedb(const std::vector<std::string>& args, const ChildOptions& options = {});

}  // namespace tracedb::testing
