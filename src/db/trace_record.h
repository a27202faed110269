// The trace table's row, in three parts by when the loader knows them:
// TraceInfo before reading the file, TraceSummary once it was read, and
// TraceRecord, the whole row as stored (schema/schema.sql, table trace).
//
// Plain data; no threading concerns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/entity.h"

namespace tracedb {

// kDeleting: hidden by `tracedb delete`, its rows still being removed
// (SQLite only: db/sqlite/trace_catalog.h).
enum class TraceStatus { kLoading, kComplete, kFailed, kDeleting };

// "loading", "complete", "failed", "deleting": the words stored in trace.status.
constexpr std::string_view StatusName(TraceStatus status) {
  switch (status) {
    case TraceStatus::kLoading:
      return "loading";
    case TraceStatus::kComplete:
      return "complete";
    case TraceStatus::kFailed:
      return "failed";
    case TraceStatus::kDeleting:
      return "deleting";
  }
  return "?";
}

struct TraceInfo {
  std::string name;                    // how users refer to it; need not be unique
  std::string path;                    // the file as given, "-" for stdin
  std::string format;                  // "paje" or "paraver"
  std::optional<int64_t> size_bytes;   // none when unknown (stdin, a pipe)
  std::string sha256;                  // lowercase hex digest of the bytes read; "" when the
                                       //   load computes it meanwhile (TraceSummary::sha256)
  std::optional<std::string> comment;  // the user's note
  Extras tags;                         // the user's KEY=VALUE tags, sorted by key
  std::string tool_version;            // of the tracedb that loads it
  // Of every time the trace stores: "s", "ms", "us" or "ns" (trace.time_unit).
  std::string time_unit = "s";
};

struct TraceSummary {
  double start_time = 0;  // the earliest time of the trace's events (Paraver: 0)
  double end_time = 0;
  int64_t container_count = 0;
  int64_t state_count = 0;
  int64_t event_count = 0;
  int64_t variable_count = 0;
  int64_t link_count = 0;
  std::optional<std::string> metadata;        // JSON object of format-specific header facts
  int64_t skipped_lines = 0;                  // bad lines left out (--on-error skip)
  std::optional<std::string> skipped_errors;  // the first ones, "FILE:LINE: problem\n..."
  std::optional<int64_t> profile_bins;  // state_profile's bins asked for; none: no summaries
  std::string sha256;  // the content's digest; the trace row gets it if it began without one
};

struct TraceRecord {
  int64_t id = 0;
  TraceInfo info;
  std::string ingested_at;  // UTC, "2026-11-23T10:00:00Z": when loading began
  TraceStatus status = TraceStatus::kLoading;
  std::optional<std::string> error;        // why it failed
  std::optional<std::string> loader_host;  // who loads or loaded it
  std::optional<int64_t> loader_pid;
  std::optional<TraceSummary> summary;  // complete traces only
};

}  // namespace tracedb
