#include "watch/file_claims.h"

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>

#include "db/loader_process.h"
#include "pipeline/formats.h"
#include "watch/file_moves.h"

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kBeatEvery(1);
// A dead process's folder unchanged this long is taken over: two missed
// heartbeats, so that a live watcher in another pid namespace of the same
// host name is never mistaken for it.
constexpr std::chrono::seconds kDeadAfter(2);

// "host.123" of this host whose process 123 is gone.
bool IsDeadHereAt(const std::string& name) {
  std::string host = ThisHost();
  if (name.size() <= host.size() + 1 || name.compare(0, host.size(), host) != 0 ||
      name[host.size()] != '.') {
    return false;
  }
  const char* digits = name.c_str() + host.size() + 1;
  pid_t pid = 0;
  auto [end, error] = std::from_chars(digits, name.c_str() + name.size(), pid);
  if (error != std::errc() || *end != '\0' || pid <= 0) return false;
  return ::kill(pid, 0) != 0 && errno == ESRCH;
}

// The files of `folder`, traces before companions: a watcher scanning DIR
// meanwhile never sees a companion without its trace.
std::vector<fs::path> TracesFirst(const fs::path& folder) {
  std::vector<fs::path> files;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    files.push_back(entry.path());
  }
  std::stable_partition(files.begin(), files.end(), [](const fs::path& file) {
    return !IsCompanionName(file.filename().string());
  });
  return files;
}

// Moves each file of `folder` back into `dir`, then removes `folder` if it
// is empty; how many moved. Never throws.
int MoveBack(const fs::path& folder, const fs::path& dir) {
  int moved = 0;
  for (const fs::path& file : TracesFirst(folder)) {
    try {
      if (RenameIfFree(file, dir / file.filename()) == Rename::kDone) ++moved;
    } catch (const fs::filesystem_error&) {
      // It stays: the folder is not removed, and the next round tries again.
    }
  }
  std::error_code error;
  fs::remove(folder, error);  // fails while not empty: the next round
  return moved;
}

}  // namespace

FileClaims::FileClaims(const std::string& dir, std::chrono::duration<double> takeover_after)
    : dir_(dir),
      working_(dir_ / ".working"),
      mine_(working_ / (ThisHost() + "." + std::to_string(::getpid()))),
      takeover_after_(takeover_after) {
  MoveBack(mine_, dir_);  // a former process of this pid, after a restart
  fs::create_directories(mine_);
  // DIR's mode, whatever the umask: watchers of one group (a group-writable
  // DIR) can then take over each other's folders.
  std::error_code ignored;
  fs::perms mode = fs::status(dir_, ignored).permissions();
  fs::permissions(working_, mode, ignored);
  fs::permissions(mine_, mode, ignored);
}

FileClaims::~FileClaims() { MoveBack(mine_, dir_); }

std::optional<std::vector<std::string>> FileClaims::Claim(const std::vector<std::string>& files) {
  std::vector<std::string> claimed;
  try {
    for (size_t i = 0; i < files.size(); ++i) {
      fs::path target = mine_ / fs::path(files[i]).filename();
      Rename done = RenameIfFree(files[i], target);
      if (done == Rename::kDone) claimed.push_back(target.string());
      if (i == 0 && done != Rename::kDone) return std::nullopt;
    }
  } catch (...) {
    Release(claimed);
    throw;
  }
  return claimed;
}

void FileClaims::Release(const std::vector<std::string>& claimed) noexcept {
  for (const std::string& file : claimed) {
    try {
      RenameIfFree(file, dir_ / fs::path(file).filename());
    } catch (const std::exception&) {
      // It stays held, and goes back with the rest at exit.
    }
  }
}

std::vector<std::string> FileClaims::Beat(Clock::time_point now) {
  if (now - last_beat_ < kBeatEvery) return {};
  last_beat_ = now;
  std::error_code error;
  fs::create_directories(mine_, error);  // taken over by mistake: ours again
  fs::last_write_time(mine_, fs::file_time_type::clock::now(), error);
  std::vector<std::string> lines;
  std::set<std::string> present;
  for (const fs::directory_entry& entry : fs::directory_iterator(working_, error)) {
    if (entry.path() == mine_ || !entry.is_directory(error)) continue;
    present.insert(entry.path().filename().string());
    if (auto line = TakeOverIfStale(entry.path(), now)) lines.push_back(*line);
  }
  std::erase_if(others_, [&](const auto& seen) { return present.count(seen.first) == 0; });
  return lines;
}

std::optional<std::string> FileClaims::TakeOverIfStale(const fs::path& other,
                                                       Clock::time_point now) {
  std::string name = other.filename().string();
  std::error_code error;
  fs::file_time_type modified = fs::last_write_time(other, error);
  auto [seen, first] = others_.try_emplace(name, Sighting{modified, now});
  if (!first && seen->second.modified != modified) seen->second = {modified, now};
  std::chrono::duration<double> silent = now - seen->second.unchanged_since;
  bool dead = silent >= kDeadAfter && IsDeadHereAt(name);
  if (!dead && silent < takeover_after_) return std::nullopt;
  int moved = MoveBack(other, dir_);
  if (moved == 0) {
    if (fs::exists(other, error) && !fs::is_empty(other, error) && unmovable_.insert(name).second) {
      return "cannot take over " + other.string() + ": its files do not move";
    }
    return std::nullopt;
  }
  char silence[32];
  std::snprintf(silence, sizeof silence, "silent for %.0f s", silent.count());
  return "took over " + other.string() + " (" + (dead ? "its process is gone" : silence) +
         "): " + std::to_string(moved) + " file(s) back in " + dir_.string();
}

}  // namespace tracedb::watch
