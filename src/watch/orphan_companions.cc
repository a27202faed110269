#include "watch/orphan_companions.h"

#include <set>

#include "pipeline/formats.h"

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;

// The companions of the traces in `files`.
std::set<std::string> ClaimedCompanions(const fs::path& dir,
                                        const std::vector<FileSighting>& files) {
  std::set<std::string> claimed;
  for (const FileSighting& file : files) {
    if (!IsTraceName(file.name)) continue;
    for (const TraceFormat* format : AllFormats()) {
      for (const Companion& companion : format->companions((dir / file.name).string(), {})) {
        claimed.insert(fs::path(companion.path).filename().string());
      }
    }
  }
  return claimed;
}

// Whether a watcher holds the trace of `companion` (NAME.pcf: a file
// NAME.something), which moves it away with the trace in a moment.
bool HeldByAWatcher(const fs::path& working, const std::string& companion) {
  std::string stem = fs::path(companion).stem().string() + ".";
  std::error_code error;
  for (const auto& worker : fs::directory_iterator(working, error)) {
    for (const auto& file : fs::directory_iterator(worker.path(), error)) {
      if (file.path().filename().string().starts_with(stem)) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<std::string> OrphanCompanions(const fs::path& dir,
                                          const std::vector<FileSighting>& files,
                                          const StabilityTracker& tracker,
                                          StabilityTracker::Clock::time_point now,
                                          const fs::path& working) {
  std::set<std::string> claimed = ClaimedCompanions(dir, files);
  std::vector<std::string> orphans;
  for (const FileSighting& file : files) {
    if (file.name.starts_with('.') || !IsCompanionName(file.name)) continue;
    if (claimed.count(file.name) != 0 || !tracker.HasWaited(file.name, now)) continue;
    if (!HeldByAWatcher(working, file.name)) orphans.push_back(file.name);
  }
  return orphans;
}

}  // namespace tracedb::watch
