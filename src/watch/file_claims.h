// FileClaims: how several watchers share one folder (one per host on a
// shared file system). Before a watcher reads a file it moves it, with its
// companions, into a folder of its own, DIR/.working/HOST.PID/: a rename,
// atomic on local file systems and on NFS, so exactly one watcher wins each
// file and the others find it gone and say nothing. A watcher keeps its
// folder's modification time fresh while it runs (its heartbeat); another
// watcher takes over the folder of one whose heartbeat is older than
// `takeover_after` (or, on the same host, whose process is gone): it moves
// the files back into DIR, where they are taken afresh. A load that was
// under way there left a `loading` trace row, which the archive clears as
// usual (Archive::CleanInterrupted).
//
// Plain state of one thread (the watcher's); the folder is shared with
// other processes only through renames.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tracedb::watch {

class FileClaims {
 public:
  using Clock = std::chrono::steady_clock;

  // Makes DIR/.working/HOST.PID. Throws std::filesystem::filesystem_error.
  FileClaims(const std::string& dir, std::chrono::duration<double> takeover_after);
  // Moves back into DIR whatever is still held, and removes the folder.
  ~FileClaims();
  FileClaims(const FileClaims&) = delete;
  FileClaims& operator=(const FileClaims&) = delete;

  // Moves `files` (paths in DIR, the trace first) into this watcher's
  // folder; their new paths, or nullopt when another watcher took the trace
  // first. A companion that is gone meanwhile is left out.
  std::optional<std::vector<std::string>> Claim(const std::vector<std::string>& files);
  // Moves claimed files back into DIR (a load abandoned on a stop signal).
  void Release(const std::vector<std::string>& claimed);

  // The heartbeat, once a second; and the takeover of stale folders, each
  // named in a returned line ("took over DIR/.working/h.7 ...").
  std::vector<std::string> Beat(Clock::time_point now);

  // Whether a file of that name is held by any watcher (for the companions
  // that stay in DIR a moment after their trace was claimed).
  bool HeldByAnyone(const std::string& name) const;

  const std::filesystem::path& folder() const { return mine_; }

 private:
  std::optional<std::string> TakeOverIfStale(const std::filesystem::path& other);

  std::filesystem::path dir_;
  std::filesystem::path working_;  // DIR/.working
  std::filesystem::path mine_;     // DIR/.working/HOST.PID
  std::chrono::duration<double> takeover_after_;
  Clock::time_point last_beat_{};
};

}  // namespace tracedb::watch
