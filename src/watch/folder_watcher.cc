#include "watch/folder_watcher.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "model/input_error.h"
#include "pipeline/formats.h"
#include "pipeline/open_archive.h"
#include "watch/content_claims.h"
#include "watch/file_claims.h"
#include "watch/file_moves.h"
#include "watch/folder_scan.h"
#include "watch/orphan_companions.h"
#include "watch/stability_tracker.h"
#include "watch/stop_signals.h"
#include "watch/watch_job.h"

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// How often the folder is scanned, at most. A finished job wakes the loop
// at once: a file per tick made 200 small traces take 20 s (0.4 s of load).
constexpr std::chrono::milliseconds kTick(100);

// "12 s", "2.5 s".
std::string FormatSeconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

std::chrono::duration<double> Seconds(double seconds) {
  return std::chrono::duration<double>(seconds);
}

// "2026-11-25T02:10:00Z ": what each of the watcher's lines starts with, so
// that a long-running service's log says when.
std::string Stamp() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ ", &utc);
  return text;
}

// The format of the file at `path`, found from its content; nullptr when no
// format takes it (its job will say what is wrong with it).
const TraceFormat* FormatOf(const std::string& path) {
  try {
    return &DetectFormat(path, "auto");
  } catch (const std::exception&) {
    return nullptr;
  }
}

class Watcher {
 public:
  Watcher(const WatchOptions& options, const ReadCallbacks& callbacks)
      : options_(options),
        callbacks_(callbacks),
        dir_(options.dir),
        tracker_(Seconds(options.stable_seconds), Seconds(options.companion_seconds)),
        held_(options.dir, Seconds(options.takeover_seconds)) {}
  // Jobs still running (the loop ended by an exception) stop early.
  ~Watcher() { abandon_.store(true); }

  int Run();

 private:
  void Scan(std::deque<std::string>& ready, Clock::time_point now);
  std::deque<std::string> ReadyFiles(Clock::time_point now);
  std::deque<std::string> ReadyOnce(Clock::time_point now);
  bool CompanionsStable(const std::string& name, Clock::time_point now) const;
  bool WaitsForCompanions(const std::string& name, Clock::time_point now) const;
  void SweepOrphans(const std::vector<FileSighting>& files, Clock::time_point now);
  void ForgetSettledOrphans(const std::vector<FileSighting>& files);
  std::optional<JobSpec> ClaimJob(const std::string& path);
  std::optional<std::vector<std::string>> TryClaim(const std::vector<std::string>& files);
  void StartJobs(std::deque<std::string>& ready);
  void FinishJobs();
  void Report(const WatchJob& job);
  void Stop(int signal);

  const WatchOptions& options_;
  const ReadCallbacks& callbacks_;
  fs::path dir_;
  StopSignals signals_;  // before any job's thread starts; the jobs wake it
  StabilityTracker tracker_;
  std::set<std::string> stuck_;  // could not be moved; skipped while they stay in DIR
  FileClaims held_;              // the files this watcher took, in its own folder
  std::optional<Clock::time_point> stop_deadline_;
  // --once: the trace files there at the start that are not taken yet, and
  // how long they may take to stop changing.
  std::set<std::string> once_left_;
  // --once: the companions there without a trace at the start, which the
  // run waits for as the continuous watcher does (--companion-seconds), and
  // moves to failed/ if their trace has not come: under cron, where every
  // run is a --once, an orphan companion would else stay in DIR forever.
  std::set<std::string> once_orphans_;
  Clock::time_point once_deadline_;
  int failed_ = 0;
  // The jobs use these two: they are destroyed after the jobs are joined.
  std::atomic<bool> abandon_{false};
  ContentClaims claims_;
  std::vector<std::unique_ptr<WatchJob>> jobs_;
};

int Watcher::Run() {
  std::deque<std::string> ready;
  std::optional<Clock::time_point> last_scan;
  if (options_.once) {
    std::vector<FileSighting> files = ScanFolder(options_.dir);
    for (const FileSighting& file : files) {
      if (IsTraceName(file.name)) once_left_.insert((dir_ / file.name).string());
    }
    for (std::string& name : TracelessCompanions(files, held_.folder().parent_path())) {
      once_orphans_.insert(std::move(name));
    }
    once_deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        Seconds(options_.stable_seconds) + 2 * kTick);
  }
  while (true) {
    FinishJobs();
    for (const std::string& line : held_.Beat(Clock::now())) {
      std::fprintf(stderr, "%s%s\n", Stamp().c_str(), line.c_str());
    }
    if (!stop_deadline_) {
      Clock::time_point now = Clock::now();
      // Woken by a job within a tick: the next job comes from the last scan.
      if (!last_scan || now - *last_scan >= kTick) {
        last_scan = now;
        Scan(ready, now);
      }
      StartJobs(ready);
    }
    bool idle = jobs_.empty() && (stop_deadline_ || (options_.once && ready.empty() &&
                                                     once_left_.empty() && once_orphans_.empty()));
    if (idle) break;
    if (int signal = signals_.Wait(kTick)) Stop(signal);
    if (stop_deadline_ && Clock::now() >= *stop_deadline_) abandon_.store(true);
  }
  return options_.once && failed_ > 0 ? 1 : 0;
}

// The files ready to load: with --once added to those not taken yet, else
// the folder's new list.
void Watcher::Scan(std::deque<std::string>& ready, Clock::time_point now) {
  if (!options_.once) {
    ready = ReadyFiles(now);
    return;
  }
  std::deque<std::string> more = ReadyOnce(now);
  ready.insert(ready.end(), more.begin(), more.end());
}

// The trace files that stopped changing, with their companions, and are
// not being loaded already; by name.
std::deque<std::string> Watcher::ReadyFiles(Clock::time_point now) {
  std::vector<FileSighting> files = ScanFolder(options_.dir);
  tracker_.Observe(files, now);
  std::set<std::string> present;
  std::deque<std::string> ready;
  for (const FileSighting& file : files) {
    present.insert(file.name);
    if (!IsTraceName(file.name) || stuck_.count(file.name) != 0) continue;
    if (!tracker_.IsStable(file.name, now) || !CompanionsStable(file.name, now)) continue;
    if (WaitsForCompanions(file.name, now)) continue;
    ready.push_back((dir_ / file.name).string());
  }
  std::erase_if(stuck_, [&](const std::string& name) { return present.count(name) == 0; });
  SweepOrphans(files, now);
  if (!once_orphans_.empty()) ForgetSettledOrphans(files);
  return ready;
}

// --once: an orphan of the start is settled once it has gone (to failed/,
// or away), has a trace after all, or cannot be moved.
void Watcher::ForgetSettledOrphans(const std::vector<FileSighting>& files) {
  std::vector<std::string> still = TracelessCompanions(files, held_.folder().parent_path());
  std::erase_if(once_orphans_, [&](const std::string& name) {
    return stuck_.count(name) != 0 || std::find(still.begin(), still.end(), name) == still.end();
  });
}

// --once: the files of the start that are stable now, each once; those
// still changing when their time is up are named and left in DIR.
std::deque<std::string> Watcher::ReadyOnce(Clock::time_point now) {
  std::deque<std::string> ready;
  for (const std::string& path : ReadyFiles(now)) {
    if (once_left_.erase(path) != 0) ready.push_back(path);
  }
  std::erase_if(once_left_, [](const std::string& path) { return !fs::exists(path); });
  if (now < once_deadline_) return ready;
  std::erase_if(once_left_, [&](const std::string& path) {
    std::string name = fs::path(path).filename().string();
    // Stable, and waiting for its companions: it will be ready in time.
    if (tracker_.IsStable(name, now) && WaitsForCompanions(name, now)) return false;
    std::fprintf(stderr, "%sskipped %s: still changing after %g s; left in %s\n", Stamp().c_str(),
                 path.c_str(), options_.stable_seconds, options_.dir.c_str());
    return true;
  });
  return ready;
}

// A companion still being written (a NAME.pcf beside NAME.prv) holds back
// its trace. The format is told by the name alone: the content may not all
// be there yet.
bool Watcher::CompanionsStable(const std::string& name, Clock::time_point now) const {
  std::string path = (dir_ / name).string();
  if (fs::is_directory(path)) return true;  // its files are in its own sighting
  for (const TraceFormat* format : AllFormats()) {
    for (const Companion& companion : format->companions(path, {})) {
      if (!tracker_.IsStable(fs::path(companion.path).filename().string(), now)) return false;
    }
  }
  return true;
}

// A stable trace that lacks companions, until it has waited
// --companion-seconds for them. A file no format takes lacks nothing: its
// job will say what is wrong with it.
bool Watcher::WaitsForCompanions(const std::string& name, Clock::time_point now) const {
  if (tracker_.HasWaited(name, now)) return false;
  std::string path = (dir_ / name).string();
  if (fs::is_directory(path)) return false;  // an archive holds its own parts
  const TraceFormat* format = FormatOf(path);
  return format != nullptr && !format->lacks(path, format->companions(path, {})).empty();
}

// A companion whose trace is not in DIR (it never came, or it was loaded
// before the companion arrived) would stay forever: once it has waited as
// long as a trace waits for it, it goes to failed/ with the reason.
void Watcher::SweepOrphans(const std::vector<FileSighting>& files, Clock::time_point now) {
  for (const std::string& name :
       OrphanCompanions(files, tracker_, now, held_.folder().parent_path())) {
    if (stuck_.count(name) != 0) continue;
    std::string path = (dir_ / name).string();
    std::optional<std::vector<std::string>> mine = TryClaim({path});
    if (!mine) continue;  // another watcher is on it
    std::string error = path + ": a companion without its trace (no trace of that name came in " +
                        FormatSeconds(options_.stable_seconds + options_.companion_seconds) +
                        "; a trace loaded before it came is in done/ without it)";
    ++failed_;
    std::fprintf(stderr, "%sfailed %s\n", Stamp().c_str(), error.c_str());
    try {
      MoveTraceFiles(*mine, (dir_ / "failed").string(), error);
    } catch (const fs::filesystem_error& e) {
      spdlog::error("{} stays in {}: {}", path, options_.dir, e.what());
      held_.Release(*mine);
      stuck_.insert(name);
    }
  }
}

// The trace at `path` and its companions, moved into this watcher's folder
// (file_claims.h); nullopt when another watcher took it first. The format
// is found from the content: a Pajé x.paje takes no x.pcf along.
std::optional<JobSpec> Watcher::ClaimJob(const std::string& path) {
  const TraceFormat* format = FormatOf(path);
  std::vector<Companion> companions;
  if (format != nullptr) companions = format->companions(path, {});
  std::vector<std::string> files = {path};
  for (const Companion& companion : companions) files.push_back(companion.path);
  std::optional<std::vector<std::string>> claimed = TryClaim(files);
  if (!claimed) return std::nullopt;
  JobSpec spec{.db = options_.db,
               .given = path,
               .path = claimed->front(),
               .input = {.look_beside = false},
               .labels = options_.labels,
               .ingest = options_.ingest};
  for (const Companion& companion : companions) {
    fs::path mine = held_.folder() / fs::path(companion.path).filename();
    if (fs::exists(mine)) spec.input.companions.push_back({companion.role, mine.string()});
  }
  spec.hooks.pipeline.read = callbacks_;
  spec.hooks.cancel = &abandon_;
  return spec;
}

// FileClaims::Claim; a file that cannot be moved is said once and left
// alone while it stays in DIR.
std::optional<std::vector<std::string>> Watcher::TryClaim(const std::vector<std::string>& files) {
  try {
    return held_.Claim(files);
  } catch (const fs::filesystem_error& e) {
    spdlog::error("{} stays in {}: {}", files.front(), options_.dir, e.what());
    stuck_.insert(fs::path(files.front()).filename().string());
    return std::nullopt;
  }
}

void Watcher::StartJobs(std::deque<std::string>& ready) {
  while (!ready.empty() && jobs_.size() < static_cast<size_t>(options_.jobs)) {
    std::optional<JobSpec> spec = ClaimJob(ready.front());
    ready.pop_front();
    if (!spec) continue;
    jobs_.push_back(
        std::make_unique<WatchJob>(std::move(*spec), claims_, [this] { signals_.Wake(); }));
  }
}

void Watcher::FinishJobs() {
  std::erase_if(jobs_, [this](const std::unique_ptr<WatchJob>& job) {
    if (!job->finished()) return false;
    Report(*job);
    return true;  // its thread has nothing left to do: the join is immediate
  });
}

// "3 bad line(s) skipped, " for a lenient load that skipped some, else "".
std::string SkippedNote(uint64_t skipped) {
  if (skipped == 0) return "";
  return std::to_string(skipped) + " bad line(s) skipped, ";
}

// The trace's one line, and its files moved to where they belong.
void Watcher::Report(const WatchJob& job) {
  const JobOutcome& outcome = job.outcome();
  const char* path = job.path().c_str();
  for (const std::string& warning : outcome.warnings) {
    std::fprintf(stderr, "%swarning %s\n", Stamp().c_str(), warning.c_str());
  }
  try {
    switch (outcome.result) {
      case JobOutcome::Result::kLoaded:
        std::fprintf(stderr, "%sdone %s -> trace %lld (%lld rows, %s%.1f s)\n", Stamp().c_str(),
                     path, static_cast<long long>(outcome.ingest.trace_id),
                     static_cast<long long>(outcome.ingest.rows),
                     SkippedNote(outcome.ingest.skipped_lines).c_str(), outcome.ingest.seconds);
        MoveTraceFiles(outcome.files, (dir_ / "done").string());
        break;
      case JobOutcome::Result::kAlreadyThere:
        std::fprintf(stderr, "%sdone %s -> trace %lld (already in the database)\n", Stamp().c_str(),
                     path, static_cast<long long>(outcome.ingest.trace_id));
        MoveTraceFiles(outcome.files, (dir_ / "done").string());
        break;
      case JobOutcome::Result::kFailed:
        ++failed_;
        std::fprintf(stderr, "%sfailed %s: %s\n", Stamp().c_str(), path, outcome.error.c_str());
        MoveTraceFiles(outcome.files, (dir_ / "failed").string(), outcome.error);
        break;
      case JobOutcome::Result::kAbandoned:
        std::fprintf(stderr, "%sabandoned %s: stopped before it was loaded; left in %s\n",
                     Stamp().c_str(), path, options_.dir.c_str());
        held_.Release(outcome.files);
        break;
    }
  } catch (const fs::filesystem_error& e) {
    spdlog::error("{} stays in {}: {}", path, options_.dir, e.what());
    held_.Release(outcome.files);
    stuck_.insert(fs::path(job.path()).filename().string());
  }
}

void Watcher::Stop(int signal) {
  if (stop_deadline_) {
    spdlog::warn("{} again: abandoning {} running load(s)", SignalName(signal), jobs_.size());
    abandon_.store(true);
    return;
  }
  stop_deadline_ =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(Seconds(options_.grace_seconds));
  spdlog::info("{}: stopping; {} running load(s) get {} s to finish", SignalName(signal),
               jobs_.size(), options_.grace_seconds);
}

}  // namespace

int WatchFolder(const WatchOptions& options, const ReadCallbacks& callbacks) {
  if (!fs::is_directory(options.dir)) throw InputError(options.dir, 0, "not a folder");
  fs::create_directories(fs::path(options.dir) / "done");
  fs::create_directories(fs::path(options.dir) / "failed");
  std::string archive_name;
  {
    std::unique_ptr<Archive> archive = OpenArchive(options.db, ArchiveAccess::kCreate);
    archive_name = archive->name();
    for (int64_t id : archive->loader->CleanInterrupted()) {
      spdlog::warn("{}: removed trace {}, whose ingest was interrupted", archive->name(), id);
    }
  }
  std::fprintf(stderr, "%s%s %s into %s (%d job(s); a file is taken once unchanged for %g s)\n",
               Stamp().c_str(), options.once ? "loading what is in" : "watching",
               options.dir.c_str(), archive_name.c_str(), options.jobs, options.stable_seconds);
  Watcher watcher(options, callbacks);
  return watcher.Run();
}

}  // namespace tracedb::watch
