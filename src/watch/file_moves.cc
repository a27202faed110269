#include "watch/file_moves.h"

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

void WriteLog(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text << "\n";
  out.close();
  if (!out) {
    throw fs::filesystem_error("cannot write the failure log", path,
                               std::error_code(errno, std::generic_category()));
  }
}

}  // namespace

std::string MoveTraceFiles(const std::vector<std::string>& files, const std::string& to,
                           const std::string& log) {
  std::vector<fs::path> targets = FreeTargets(files, to, !log.empty());
  // The log first: a trace in failed/ always has its reason beside it.
  if (!log.empty()) WriteLog(fs::path(targets.front()).concat(".log"), log);
  for (size_t i = 0; i < files.size(); ++i) fs::rename(files[i], targets[i]);
  return targets.front().string();
}

}  // namespace tracedb::watch
