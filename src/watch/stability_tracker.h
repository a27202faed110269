// StabilityTracker: which files of the watched folder have stopped changing.
// A file is stable once its size and modification time have stayed the same
// for `stable_for`. The first sighting counts the file's age (now minus its
// modification time) as time already stable, so that files written before
// the watcher started are taken at once, and --once can work from a single
// scan; a change seen later restarts the count from the scan that saw it.
// HasWaited asks for `extra` more: how long a trace waits for companions
// that are missing (a Paraver .pcf written after its .prv).
//
// Plain state of one thread (the watcher's).
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "watch/folder_scan.h"

namespace tracedb::watch {

class StabilityTracker {
 public:
  using Clock = std::chrono::steady_clock;

  StabilityTracker(std::chrono::duration<double> stable_for,
                   std::chrono::duration<double> extra = std::chrono::duration<double>(0))
      : stable_for_(stable_for), extra_(extra) {}

  // Records one scan of the folder made at `now`; files that are no longer
  // there are forgotten.
  void Observe(const std::vector<FileSighting>& files, Clock::time_point now);

  // False for a file the last scan did not see.
  bool IsStable(const std::string& name, Clock::time_point now) const;
  // Unchanged for `stable_for` + `extra`.
  bool HasWaited(const std::string& name, Clock::time_point now) const;
  // Seen by this tracker, changed or not, for `stable_for` + `extra`,
  // whatever its age: a file copied with its old modification time (rsync
  // -a) is not taken for one that waited.
  bool SeenForTheWait(const std::string& name, Clock::time_point now) const;

 private:
  struct Seen {
    uintmax_t size;
    std::filesystem::file_time_type modified;
    Clock::time_point unchanged_since;
    Clock::time_point first_seen;
  };

  bool UnchangedFor(const std::string& name, Clock::time_point now,
                    std::chrono::duration<double> wanted) const;

  std::chrono::duration<double> stable_for_;
  std::chrono::duration<double> extra_;
  std::map<std::string, Seen> seen_;
};

}  // namespace tracedb::watch
