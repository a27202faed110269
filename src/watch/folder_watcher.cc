#include "watch/folder_watcher.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "pipeline/open_archive.h"
#include "model/input_error.h"
#include "pipeline/formats.h"
#include "watch/content_claims.h"
#include "watch/file_moves.h"
#include "watch/folder_scan.h"
#include "watch/stability_tracker.h"
#include "watch/stop_signals.h"
#include "watch/watch_job.h"

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// How often the folder is scanned and the jobs looked at; also how late a
// signal or a finished job may be noticed.
constexpr std::chrono::milliseconds kTick(100);

std::chrono::duration<double> Seconds(double seconds) {
  return std::chrono::duration<double>(seconds);
}

class Watcher {
 public:
  explicit Watcher(const WatchOptions& options)
      : options_(options), dir_(options.dir), tracker_(Seconds(options.stable_seconds)) {}
  // Jobs still running (the loop ended by an exception) stop early.
  ~Watcher() { abandon_.store(true); }

  int Run();

 private:
  std::deque<std::string> ReadyFiles(Clock::time_point now);
  bool CompanionsStable(const std::string& name, Clock::time_point now) const;
  bool Running(const std::string& path) const;
  void StartJobs(std::deque<std::string>& ready);
  void FinishJobs();
  void Report(const WatchJob& job);
  void Stop(int signal);

  const WatchOptions& options_;
  fs::path dir_;
  StopSignals signals_;  // before any job's thread starts
  StabilityTracker tracker_;
  std::set<std::string> stuck_;  // could not be moved; skipped while they stay in DIR
  std::optional<Clock::time_point> stop_deadline_;
  int failed_ = 0;
  // The jobs use these two: they are destroyed after the jobs are joined.
  std::atomic<bool> abandon_{false};
  ContentClaims claims_;
  std::vector<std::unique_ptr<WatchJob>> jobs_;
};

int Watcher::Run() {
  std::deque<std::string> ready;
  if (options_.once) ready = ReadyFiles(Clock::now());
  while (true) {
    FinishJobs();
    if (!stop_deadline_) {
      if (!options_.once) ready = ReadyFiles(Clock::now());
      StartJobs(ready);
    }
    bool idle = jobs_.empty() && (stop_deadline_ || (options_.once && ready.empty()));
    if (idle) break;
    if (int signal = signals_.Wait(kTick)) Stop(signal);
    if (stop_deadline_ && Clock::now() >= *stop_deadline_) abandon_.store(true);
  }
  return options_.once && failed_ > 0 ? 1 : 0;
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
    if (!Running((dir_ / file.name).string())) ready.push_back((dir_ / file.name).string());
  }
  std::erase_if(stuck_, [&](const std::string& name) { return present.count(name) == 0; });
  return ready;
}

// A companion still being written (a NAME.pcf beside NAME.prv) holds back
// its trace. The format is told by the name alone: the content may not all
// be there yet.
bool Watcher::CompanionsStable(const std::string& name, Clock::time_point now) const {
  std::string path = (dir_ / name).string();
  for (const TraceFormat* format : AllFormats()) {
    for (const Companion& companion : format->companions(path, {})) {
      if (!tracker_.IsStable(fs::path(companion.path).filename().string(), now)) return false;
    }
  }
  return true;
}

bool Watcher::Running(const std::string& path) const {
  for (const auto& job : jobs_) {
    if (job->path() == path) return true;
  }
  return false;
}

void Watcher::StartJobs(std::deque<std::string>& ready) {
  while (!ready.empty() && jobs_.size() < static_cast<size_t>(options_.jobs)) {
    JobSpec spec{.db = options_.db,
                 .path = ready.front(),
                 .comment = options_.comment,
                 .ingest = options_.ingest};
    spec.ingest.cancel = &abandon_;
    ready.pop_front();
    jobs_.push_back(std::make_unique<WatchJob>(std::move(spec), claims_));
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
  try {
    switch (outcome.result) {
      case JobOutcome::Result::kLoaded:
        std::fprintf(stderr, "done %s -> trace %lld (%lld rows, %s%.1f s)\n", path,
                     static_cast<long long>(outcome.ingest.trace_id),
                     static_cast<long long>(outcome.ingest.rows),
                     SkippedNote(outcome.ingest.skipped_lines).c_str(), outcome.ingest.seconds);
        MoveTraceFiles(outcome.files, (dir_ / "done").string());
        break;
      case JobOutcome::Result::kAlreadyThere:
        std::fprintf(stderr, "done %s -> trace %lld (already in the database)\n", path,
                     static_cast<long long>(outcome.ingest.trace_id));
        MoveTraceFiles(outcome.files, (dir_ / "done").string());
        break;
      case JobOutcome::Result::kFailed:
        ++failed_;
        std::fprintf(stderr, "failed %s: %s\n", path, outcome.error.c_str());
        MoveTraceFiles(outcome.files, (dir_ / "failed").string(), outcome.error);
        break;
      case JobOutcome::Result::kAbandoned:
        std::fprintf(stderr, "abandoned %s: stopped before it was loaded; left in %s\n", path,
                     options_.dir.c_str());
        break;
    }
  } catch (const fs::filesystem_error& e) {
    spdlog::error("{} stays in {}: {}", path, options_.dir, e.what());
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

int WatchFolder(const WatchOptions& options) {
  if (!fs::is_directory(options.dir)) throw InputError(options.dir, 0, "not a folder");
  fs::create_directories(fs::path(options.dir) / "done");
  fs::create_directories(fs::path(options.dir) / "failed");
  {
    std::unique_ptr<Archive> archive = OpenArchive(options.db, /*create=*/true);
    for (int64_t id : archive->CleanInterrupted()) {
      spdlog::warn("{}: removed trace {}, whose ingest was interrupted", archive->name(), id);
    }
  }
  spdlog::info("watching {} ({} job(s), files taken after {} s unchanged)", options.dir,
               options.jobs, options.stable_seconds);
  Watcher watcher(options);
  return watcher.Run();
}

}  // namespace tracedb::watch
