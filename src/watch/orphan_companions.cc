#include "watch/orphan_companions.h"

#include "pipeline/formats.h"

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;

// Whether the file `name` may be the trace of a companion whose name without
// its extension is `stem`: "x.prv", and "x.prv.part", ".x.prv.Ab12c" (rsync)
// still on their way, all claim x.pcf.
bool MayClaim(std::string_view name, const std::string& stem) {
  if (IsCompanionName(name)) return false;
  if (name.starts_with('.')) name.remove_prefix(1);
  return name.size() > stem.size() && name.starts_with(stem) && name[stem.size()] == '.';
}

bool ClaimedInDir(const std::vector<FileSighting>& files, const std::string& stem) {
  for (const FileSighting& file : files) {
    if (MayClaim(file.name, stem)) return true;
  }
  return false;
}

// Whether a watcher holds a trace of that stem (file_claims.h), which moves
// the companion away with it in a moment.
bool HeldByAWatcher(const fs::path& working, const std::string& stem) {
  std::error_code error;
  for (const auto& worker : fs::directory_iterator(working, error)) {
    for (const auto& file : fs::directory_iterator(worker.path(), error)) {
      if (MayClaim(file.path().filename().string(), stem)) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<std::string> TracelessCompanions(const std::vector<FileSighting>& files,
                                             const fs::path& working) {
  std::vector<std::string> traceless;
  for (const FileSighting& file : files) {
    if (file.name.starts_with('.') || !IsCompanionName(file.name)) continue;
    std::string stem = fs::path(file.name).stem().string();
    if (ClaimedInDir(files, stem) || HeldByAWatcher(working, stem)) continue;
    traceless.push_back(file.name);
  }
  return traceless;
}

std::vector<std::string> OrphanCompanions(const std::vector<FileSighting>& files,
                                          const StabilityTracker& tracker,
                                          StabilityTracker::Clock::time_point now,
                                          const fs::path& working) {
  std::vector<std::string> orphans = TracelessCompanions(files, working);
  std::erase_if(orphans,
                [&](const std::string& name) { return !tracker.SeenForTheWait(name, now); });
  return orphans;
}

}  // namespace tracedb::watch
