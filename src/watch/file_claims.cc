#include "watch/file_claims.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>

#include "db/loader_process.h"

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kBeatEvery(1);

// A rename that may lose the race: false when `from` is gone.
bool MoveIfThere(const fs::path& from, const fs::path& to) {
  std::error_code error;
  fs::rename(from, to, error);
  if (!error) return true;
  if (error == std::errc::no_such_file_or_directory) return false;
  throw fs::filesystem_error("cannot claim", from, to, error);
}

// The folder's age by the wall clock, which other hosts share (roughly).
double SecondsSinceModified(const fs::path& folder) {
  struct stat status {};
  if (::stat(folder.c_str(), &status) != 0) return 0;
  return difftime(time(nullptr), status.st_mtime);
}

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

// Moves each file of `folder` back into `dir` (one already there again is
// left where it is), then removes `folder` if it is empty; how many moved.
int MoveBack(const fs::path& folder, const fs::path& dir) {
  int moved = 0;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    fs::path target = dir / entry.path().filename();
    if (fs::exists(target)) continue;
    if (MoveIfThere(entry.path(), target)) ++moved;
  }
  fs::remove(folder, error);  // fails while not empty: the next round
  return moved;
}

}  // namespace

FileClaims::FileClaims(const std::string& dir, std::chrono::duration<double> takeover_after)
    : dir_(dir),
      working_(dir_ / ".working"),
      mine_(working_ / (ThisHost() + "." + std::to_string(::getpid()))),
      takeover_after_(takeover_after) {
  fs::create_directories(mine_);
}

FileClaims::~FileClaims() {
  try {
    MoveBack(mine_, dir_);
  } catch (const std::exception&) {
    // What cannot move stays in the folder, for another watcher to take over.
  }
}

std::optional<std::vector<std::string>> FileClaims::Claim(const std::vector<std::string>& files) {
  std::vector<std::string> claimed;
  for (size_t i = 0; i < files.size(); ++i) {
    fs::path target = mine_ / fs::path(files[i]).filename();
    if (MoveIfThere(files[i], target)) {
      claimed.push_back(target.string());
    } else if (i == 0) {
      return std::nullopt;
    }
  }
  return claimed;
}

void FileClaims::Release(const std::vector<std::string>& claimed) {
  for (const std::string& file : claimed) {
    fs::path target = dir_ / fs::path(file).filename();
    if (!fs::exists(target)) MoveIfThere(file, target);
  }
}

std::vector<std::string> FileClaims::Beat(Clock::time_point now) {
  if (now - last_beat_ < kBeatEvery) return {};
  last_beat_ = now;
  std::error_code error;
  fs::last_write_time(mine_, fs::file_time_type::clock::now(), error);
  if (error) fs::create_directories(mine_, error);  // someone took it over: it is ours again
  std::vector<std::string> lines;
  for (const fs::directory_entry& entry : fs::directory_iterator(working_, error)) {
    if (entry.path() == mine_ || !entry.is_directory(error)) continue;
    if (auto line = TakeOverIfStale(entry.path())) lines.push_back(*line);
  }
  return lines;
}

std::optional<std::string> FileClaims::TakeOverIfStale(const fs::path& other) {
  double age = SecondsSinceModified(other);
  bool dead = IsDeadHereAt(other.filename().string());
  if (!dead && age < takeover_after_.count()) return std::nullopt;
  int moved = MoveBack(other, dir_);
  if (moved == 0) return std::nullopt;
  char why[96];
  if (dead) {
    std::snprintf(why, sizeof why, "its process is gone");
  } else {
    std::snprintf(why, sizeof why, "no heartbeat for %.0f s", age);
  }
  return "took over " + other.string() + " (" + why + "): " + std::to_string(moved) +
         " file(s) back in " + dir_.string();
}

bool FileClaims::HeldByAnyone(const std::string& name) const {
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(working_, error)) {
    if (fs::exists(entry.path() / name, error)) return true;
  }
  return false;
}

}  // namespace tracedb::watch
