#include "watch/stability_tracker.h"

#include <algorithm>

namespace tracedb::watch {

void StabilityTracker::Observe(const std::vector<FileSighting>& files, Clock::time_point now) {
  std::map<std::string, Seen> seen;
  auto file_now = std::filesystem::file_time_type::clock::now();
  for (const FileSighting& file : files) {
    auto before = seen_.find(file.name);
    if (before != seen_.end() && before->second.size == file.size &&
        before->second.modified == file.modified) {
      seen.emplace(file.name, before->second);
      continue;
    }
    Clock::time_point since = now;
    Clock::time_point first_seen = before == seen_.end() ? now : before->second.first_seen;
    if (before == seen_.end()) {
      // A modification time in the future (another host's clock) counts as now.
      auto age = std::chrono::duration<double>(file_now - file.modified);
      since -= std::chrono::duration_cast<Clock::duration>(
          std::clamp(age, std::chrono::duration<double>(0), stable_for_ + extra_));
    }
    seen.emplace(file.name, Seen{file.size, file.modified, since, first_seen});
  }
  seen_ = std::move(seen);
}

bool StabilityTracker::IsStable(const std::string& name, Clock::time_point now) const {
  return UnchangedFor(name, now, stable_for_);
}

bool StabilityTracker::HasWaited(const std::string& name, Clock::time_point now) const {
  return UnchangedFor(name, now, stable_for_ + extra_);
}

bool StabilityTracker::SeenForTheWait(const std::string& name, Clock::time_point now) const {
  auto found = seen_.find(name);
  return found != seen_.end() && now - found->second.first_seen >= stable_for_ + extra_;
}

bool StabilityTracker::UnchangedFor(const std::string& name, Clock::time_point now,
                                    std::chrono::duration<double> wanted) const {
  auto found = seen_.find(name);
  return found != seen_.end() && now - found->second.unchanged_since >= wanted;
}

}  // namespace tracedb::watch
