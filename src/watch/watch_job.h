// WatchJob: one file of the watched folder, loaded on a thread of its own
// through an archive of its own (SQLite serialises the writers with its
// busy timeout; PostgreSQL loads run side by side). The watcher starts it,
// is woken by `on_finished`, and then reads outcome() and moves the files.
//
// Owns its thread; the destructor joins it. The cancel flag, the claims and
// what `on_finished` calls belong to the watcher and outlive every job;
// `on_finished` runs on the job's thread, after finished() turned true.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "pipeline/ingest_file.h"
#include "watch/content_claims.h"

namespace tracedb::watch {

struct JobOutcome {
  enum class Result {
    kLoaded,        // a new trace
    kAlreadyThere,  // the archive had this content complete: nothing loaded
    kFailed,        // `error` says why; no rows were kept
    kAbandoned,     // stopped by the watcher's cancel: nothing kept; the watcher releases the file
  };
  Result result = Result::kFailed;
  IngestFileOutcome ingest;
  std::string error;
  // The trace, then the companions it was read with (Paraver .pcf/.row),
  // where they were read.
  std::vector<std::string> files;
  // The companions it was read without (PreparedFile::warnings).
  std::vector<std::string> warnings;
};

struct JobSpec {
  std::string db;     // --db
  std::string given;  // the trace file as the folder named it: DIR/NAME
  std::string path;   // where it is read: the watcher's claim (file_claims.h)
  FormatArgs input;   // its companions, claimed with it
  TraceLabels labels;
  IngestFileOptions ingest;
  IngestFileHooks hooks;  // its `cancel` is the watcher's
};

class WatchJob {
 public:
  WatchJob(JobSpec spec, ContentClaims& claims, std::function<void()> on_finished);
  ~WatchJob() = default;  // std::jthread joins

  // The file as the folder named it.
  const std::string& path() const { return spec_.given; }
  bool finished() const { return finished_.load(); }
  // After finished() turned true.
  const JobOutcome& outcome() const { return outcome_; }

 private:
  void Run();

  JobSpec spec_;
  ContentClaims& claims_;
  std::function<void()> on_finished_;
  JobOutcome outcome_;
  std::atomic<bool> finished_{false};
  std::jthread thread_;  // last: starts once the members it uses exist
};

}  // namespace tracedb::watch
