#include "cli/shared_options.h"

#include <cstdlib>
#include <limits>

#include "cli/parse_workers.h"
#include "model/time_unit.h"
#include "pipeline/formats.h"

namespace tracedb {
namespace {

// Rows wait in memory until their batch is full.
constexpr int64_t kMaxBatchRows = 10'000'000;
// The summarizer holds this many numbers per state type and value.
constexpr int64_t kMaxProfileBins = 100'000;

}  // namespace

std::string DatabaseArgument(const Arguments& args) {
  std::string db;
  if (std::optional<std::string> given = Text(args, "db")) {
    db = *given;
  } else if (const char* env = std::getenv("TRACEDB_DB"); env != nullptr && *env != '\0') {
    db = env;
  } else {
    db = "tracedb.sqlite";
  }
  if (db.rfind("sqlite://", 0) == 0) db = db.substr(9);
  if (db.empty()) throw UsageError("--db: empty database path");
  return db;
}

FormatArgs FormatArguments(const Arguments& args) {
  FormatArgs format{.format = *Text(args, "format")};
  if (format.format != "auto" && FindFormat(format.format) == nullptr) {
    throw UsageError("--format must be " + FormatChoices() + ", not '" + format.format + "'");
  }
  for (const char* role : {"pcf", "row"}) {
    if (std::optional<std::string> path = Text(args, role)) {
      format.companions.push_back({role, *path});
    }
  }
  return format;
}

BadLineOptions OnErrorArguments(const Arguments& args) {
  BadLineOptions options;
  std::string on_error = *Text(args, "on-error");
  if (on_error == "skip") {
    options.on_error = OnError::kSkip;
  } else if (on_error != "fail") {
    throw UsageError("--on-error must be fail or skip, not '" + on_error + "'");
  }
  if (Has(args, "max-errors")) {
    if (options.on_error != OnError::kSkip) throw UsageError("--max-errors needs --on-error skip");
    options.max_skipped = static_cast<uint64_t>(
        Number(args, "max-errors", 0, std::numeric_limits<int64_t>::max()));
  }
  return options;
}

TraceLabels LabelArguments(const Arguments& args) {
  TraceLabels labels{.comment = Text(args, "comment").value_or("")};
  try {
    labels.tags = ParseTags(Texts(args, "tag"));
    if (std::optional<std::string> pattern = Text(args, "tags-from-name")) {
      labels.tags_from_name = CompileNamePattern(*pattern);
    }
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  labels.time_unit = Text(args, "time-unit");
  if (labels.time_unit && !IsTimeUnit(*labels.time_unit)) {
    throw UsageError("--time-unit must be s, ms, us or ns, not '" + *labels.time_unit + "'");
  }
  return labels;
}

ReadOptions ReadArguments(const Arguments& args) {
  ReadOptions read;
  read.parse_workers = ParseWorkers(static_cast<int>(Number(args, "threads", 0, kMaxThreads)));
  read.simulator.ignore_incomplete_links = Flag(args, "ignore-incomplete-links");
  read.bad_lines = OnErrorArguments(args);
  return read;
}

IngestFileOptions IngestArguments(const Arguments& args) {
  IngestFileOptions options;
  options.pipeline.read = ReadArguments(args);
  options.pipeline.batch_rows = static_cast<size_t>(Number(args, "batch-size", 1, kMaxBatchRows));
  options.pipeline.profile_bins = ProfileBinsArgument(args);
  return options;
}

uint32_t ProfileBinsArgument(const Arguments& args) {
  return static_cast<uint32_t>(Number(args, "profile-bins", 2, kMaxProfileBins));
}

WindowArgs WindowArguments(const Arguments& args) {
  WindowArgs window;
  if (Has(args, "from")) window.from = Time(args, "from");
  if (Has(args, "to")) window.to = Time(args, "to");
  return window;
}

QueryFormat OutputFormat(const Arguments& args) {
  bool csv = Flag(args, "csv");
  bool json = Flag(args, "json");
  if (csv && json) throw UsageError("--csv or --json, not both");
  return csv ? QueryFormat::kCsv : json ? QueryFormat::kJson : QueryFormat::kText;
}

ProfileBy ByArgument(const Arguments& args) {
  std::string by = *Text(args, "by");
  if (by == "value") return ProfileBy::kValue;
  if (by == "container") return ProfileBy::kContainer;
  throw UsageError("--by must be value or container, not '" + by + "'");
}

}  // namespace tracedb
