// What the OTF2 tests of tracedb's commands share: a small world to build
// crafted archives on (support/otf2_archive.h), the fixture that ingests one
// into either backend and reads back its rows as check-otf2 compares them
// (../shared/docs/otf2-format.md, "The rows check-otf2 compares"), with
// `tracedb dump` of the archive compared to `tracedb dump --db` of every
// trace it stores.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/otf2_archive.h"
#include "support/test_support.h"

namespace tracedb::testing::otf2_cli {

// World(n): node "host" (class "node"), location groups "Process i"
// (PROCESS, id i) under it, each with one location "Thread 0" (CPU_THREAD,
// id i); group kWorldLocations (COMM_LOCATIONS, locations 0..n-1), group
// kWorldGroup (COMM_GROUP, members 0..n-1) and communicator kWorld,
// "MPI_COMM_WORLD", on it. 1000 ticks per second, offset 0. No regions, no
// records.
inline constexpr uint32_t kWorldLocations = 0;
inline constexpr uint32_t kWorldGroup = 1;
inline constexpr uint32_t kWorld = 0;
Otf2Archive World(int processes);

// "host/Process i/Thread 0", the path of location i of World().
std::string Thread(int process);

// A time as the stored rows print it: ticks / resolution in a double, the
// shortest text that reads back the same ("0.04", "2.0").
std::string Seconds(int64_t ticks, uint64_t resolution = 1000);

// Writes `archive` into a fresh folder NAME of the test's temporary folder;
// returns its anchor, NAME/traces.otf2. The trace tracedb makes of it is
// named NAME.
std::string WriteArchive(const Otf2Archive& archive, const std::string& name);

// `args` and the rest of what tracedb printed, for a failed expectation.
std::string Shown(const std::string& args, const CliRun& run);

class Otf2Cli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override;

  // `tracedb ingest -q --db DB READ_OPTIONS INGEST_OPTIONS GIVEN`, GIVEN the
  // archive's anchor or folder. When it succeeds, `tracedb dump` and `dump
  // -u` of GIVEN with READ_OPTIONS (-z, --on-error skip) must print what
  // `dump --db` prints of the trace it stored.
  CliRun Ingest(const std::string& given, const std::string& read_options = "",
                const std::string& ingest_options = "");
  // Writes `archive` as WriteArchive does and ingests it; the ingest must
  // succeed.
  void IngestArchive(const Otf2Archive& archive, const std::string& name,
                     const std::string& options = "");

  // The rows of the last complete trace, sorted, one kind each:
  //   "container"  PATH|TYPE|START|END
  //   "state"      PATH|TYPE|START|END|DEPTH|VALUE
  //   "link"       TYPE|START_PATH|END_PATH|START|END|VALUE|SIZE|TAG
  //   "event"      PATH|TYPE|TIME|VALUE|COMMUNICATOR|ROOT|BYTES_SENT|BYTES_RECEIVED
  //                (the members of its extra; a null root as NULL)
  //   "variable"   PATH|TYPE|START|END|VALUE
  std::vector<std::string> Stored(const std::string& kind);
  // The last complete trace's "NAME|FORMAT|CONTAINERS|STATES|EVENTS|VARIABLES|LINKS|START|END",
  // the counts without the root container.
  std::string TraceRow();
  // The records the last complete trace skipped, "KIND|COUNT" by kind, from
  // its metadata ({"otf2": {"skipped": {...}}}).
  std::vector<std::string> Skipped();
  // How many traces the database holds, of any status.
  int TraceCount();

  // An ingest that failed: exit code 1, stderr naming the anchor and each
  // of `parts` (the location, the time, the file...), no complete trace and
  // no entity row stored.
  void ExpectRejected(const CliRun& run, const std::string& anchor,
                      const std::vector<std::string>& parts);

  bool sqlite() const { return GetParam() == Backend::kSqlite; }
  // SQL for member `name` of an event's extra, as text (NULL for a null).
  std::string ExtraMember(const std::string& name) const;
  // SQL: the id of the last complete trace.
  static constexpr const char* kLastTrace = "(SELECT max(id) FROM trace WHERE status = 'complete')";

  std::optional<TestDatabase> database_;
};

}  // namespace tracedb::testing::otf2_cli
