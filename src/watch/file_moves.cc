#include "watch/file_moves.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;

// "run.1.prv" with suffix "-2": "run-2.1.prv".
std::string WithSuffix(const std::string& name, const std::string& suffix) {
  size_t dot = name.find('.');
  if (dot == std::string::npos || dot == 0) return name + suffix;
  return name.substr(0, dot) + suffix + name.substr(dot);
}

// The names the files take in `to`: their own, unless one of them (or the
// log) is taken.
std::vector<fs::path> FreeTargets(const std::vector<std::string>& files, const fs::path& to,
                                  bool with_log) {
  for (int n = 1;; ++n) {
    std::string suffix;
    if (n > 1) suffix.append("-").append(std::to_string(n));  // (GCC 12 warns at "-" + ...)
    std::vector<fs::path> targets;
    bool free = true;
    for (const std::string& file : files) {
      targets.push_back(to / WithSuffix(fs::path(file).filename().string(), suffix));
      free = free && !fs::exists(targets.back());
    }
    if (with_log) free = free && !fs::exists(fs::path(targets.front()).concat(".log"));
    if (free) return targets;
  }
}

[[noreturn]] void Fail(const char* what, const fs::path& path) {
  throw fs::filesystem_error(what, path, std::error_code(errno, std::generic_category()));
}

// Writes the log, unless a file of its name exists (another watcher's):
// false then.
bool WriteNewLog(const fs::path& path, const std::string& text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST) return false;
  if (fd < 0) Fail("cannot write the failure log", path);
  std::string line = text + "\n";
  bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  ::close(fd);
  if (!written) Fail("cannot write the failure log", path);
  return true;
}

// One attempt with the free names of now; false when another watcher took
// the trace's name or log's name meanwhile.
bool TryMove(const std::vector<std::string>& files, const std::vector<fs::path>& targets,
             const std::string& log) {
  fs::path log_path = fs::path(targets.front()).concat(".log");
  // The log first: a trace in failed/ always has its reason beside it.
  if (!log.empty() && !WriteNewLog(log_path, log)) return false;
  Rename trace = RenameIfFree(files.front(), targets.front());
  if (trace != Rename::kDone) {
    std::error_code ignored;
    if (!log.empty()) fs::remove(log_path, ignored);
    if (trace == Rename::kGone) {
      errno = ENOENT;
      Fail("cannot move", files.front());
    }
    return false;
  }
  for (size_t i = 1; i < files.size(); ++i) {
    if (RenameIfFree(files[i], targets[i]) == Rename::kTaken) {
      RenameIfFree(files[i], FreeTargets({files[i]}, targets[i].parent_path(), false).front());
    }
  }
  return true;
}

}  // namespace

Rename RenameIfFree(const fs::path& from, const fs::path& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) {
    return Rename::kDone;
  }
  if (errno == EINVAL || errno == ENOSYS) {  // no RENAME_NOREPLACE here (some NFS)
    std::error_code error;
    if (fs::exists(to, error) || error) return Rename::kTaken;
    if (::rename(from.c_str(), to.c_str()) == 0) return Rename::kDone;
  }
  if (errno == ENOENT) return Rename::kGone;
  if (errno == EEXIST) return Rename::kTaken;
  throw fs::filesystem_error("cannot move", from, to,
                             std::error_code(errno, std::generic_category()));
}

std::string MoveTraceFiles(const std::vector<std::string>& files, const std::string& to,
                           const std::string& log) {
  while (true) {
    std::vector<fs::path> targets = FreeTargets(files, to, !log.empty());
    if (TryMove(files, targets, log)) return targets.front().string();
  }
}

}  // namespace tracedb::watch
