// FileClaims: how several watchers share one folder (one per host on a
// shared file system). Before a watcher reads a file it moves it, with its
// companions, into a folder of its own, DIR/.working/HOST.PID/: a rename,
// atomic on local file systems and on NFS, so exactly one watcher wins each
// file and the others find it gone and say nothing. A watcher touches its
// folder every second (its heartbeat). Another watcher takes the folder
// over when it has seen no change of its modification time for
// `takeover_after` by its own clock (so clock differences between hosts do
// not matter), or for 2 s when its process, on the same host, is gone: it
// moves the files back into DIR, traces before companions, where they are
// taken afresh. A load that was under way there left a `loading` trace row,
// which the archive clears as usual (TraceLoader::CleanInterrupted).
//
// Moves never replace a file: a name already taken where a file goes leaves
// that file where it is, for a later round.
//
// Plain state of one thread (the watcher's); the folder is shared with
// other processes only through renames.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tracedb::watch {

class FileClaims {
 public:
  using Clock = std::chrono::steady_clock;

  // Makes DIR/.working/HOST.PID, moving back into DIR what a former watcher
  // of the same host and pid left there. Throws
  // std::filesystem::filesystem_error.
  FileClaims(const std::string& dir, std::chrono::duration<double> takeover_after);
  // Moves back into DIR whatever is still held, and removes the folder.
  ~FileClaims();
  FileClaims(const FileClaims&) = delete;
  FileClaims& operator=(const FileClaims&) = delete;

  // Moves `files` (paths in DIR, the trace first) into this watcher's
  // folder; their new paths, or nullopt when the trace is gone (another
  // watcher took it) or a file of its name is held already (the next round
  // takes it). A companion that is gone meanwhile is left out. Throws
  // std::filesystem::filesystem_error, having moved nothing.
  std::optional<std::vector<std::string>> Claim(const std::vector<std::string>& files);
  // Moves claimed files back into DIR (a load abandoned on a stop signal, a
  // file that cannot go to done/). Never throws: what cannot move stays.
  void Release(const std::vector<std::string>& claimed) noexcept;

  // The heartbeat, once a second; and the takeover of stale folders, each
  // said in a returned line ("took over DIR/.working/h.7 ...").
  std::vector<std::string> Beat(Clock::time_point now);

  const std::filesystem::path& folder() const { return mine_; }

 private:
  struct Sighting {
    std::filesystem::file_time_type modified;
    Clock::time_point unchanged_since;
  };

  std::optional<std::string> TakeOverIfStale(const std::filesystem::path& other,
                                             Clock::time_point now);

  std::filesystem::path dir_;
  std::filesystem::path working_;  // DIR/.working
  std::filesystem::path mine_;     // DIR/.working/HOST.PID
  std::chrono::duration<double> takeover_after_;
  Clock::time_point last_beat_{};
  std::map<std::string, Sighting> others_;  // other watchers' folders, by name
  std::set<std::string> unmovable_;         // said once: a folder that cannot be taken over
};

}  // namespace tracedb::watch
