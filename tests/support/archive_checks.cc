#include "support/archive_checks.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

#include "input/file_digest.h"
#include "support/child_process.h"
#include "support/test_support.h"

namespace tracedb::testing {
namespace {

constexpr const char* kCountedTables[] = {"container", "state", "event", "variable", "link"};
constexpr const char* kAllTables[] = {"type",  "value",    "container", "state",
                                      "event", "variable", "link"};

std::string Joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string joined;
  for (size_t i = 0; i < parts.size(); ++i) joined += (i > 0 ? separator : "") + parts[i];
  return joined;
}

}  // namespace

std::string CompletenessSql() {
  std::vector<std::string> stored, counted, stray;
  for (const char* table : kCountedTables) {
    stored.push_back(std::string("CAST(t.") + table + "_count AS TEXT)");
    counted.push_back(std::string("(SELECT CAST(count(*) AS TEXT) FROM ") + table +
                      " AS r WHERE r.trace_id = t.id)");
  }
  for (const char* table : kAllTables) {
    stray.push_back(std::string("(SELECT count(*) FROM ") + table +
                    " AS r WHERE r.trace_id NOT IN"
                    " (SELECT id FROM trace WHERE status = 'complete'))");
  }
  return "SELECT trace, stored, counted FROM ("
         " SELECT 0 AS o, t.id AS i, CAST(t.id AS TEXT) AS trace, " +
         Joined(stored, " || ' ' || ") + " AS stored, " + Joined(counted, " || ' ' || ") +
         " AS counted FROM trace AS t WHERE t.status = 'complete'"
         " UNION ALL SELECT 1, 0, 'stray', '0', CAST(" +
         Joined(stray, " + ") + " AS TEXT)) AS checks ORDER BY o, i";
}

std::vector<std::string> ArchiveProblems(TestDatabase& database) {
  std::vector<std::string> problems;
  if (database.backend() == Backend::kSqlite) {
    auto integrity = database.Rows("PRAGMA integrity_check");
    if (integrity != std::vector<std::string>{"ok"}) {
      problems.push_back("integrity_check: " + Joined(integrity, "; "));
    }
  }
  for (const std::string& row : database.Rows(CompletenessSql())) {
    size_t first = row.find('|');
    size_t second = row.find('|', first + 1);
    std::string stored = row.substr(first + 1, second - first - 1);
    std::string counted = row.substr(second + 1);
    if (stored != counted) problems.push_back(row);
  }
  return problems;
}

std::vector<std::string> TraceStatuses(TestDatabase& database) {
  return database.Rows("SELECT name || '|' || status FROM trace ORDER BY id");
}

std::vector<std::string> LoadLeftovers(TestDatabase& database) {
  std::vector<std::string> found;
  if (database.backend() == Backend::kSqlite) {
    std::filesystem::path db(database.url());
    std::string prefix = db.filename().string() + ".load-";
    for (const auto& entry : std::filesystem::directory_iterator(db.parent_path())) {
      std::string name = entry.path().filename().string();
      if (name.rfind(prefix, 0) == 0) found.push_back(name);
    }
  } else {
    found = database.Rows(
        "SELECT 'trace_part.' || tablename FROM pg_tables WHERE schemaname = 'trace_part'"
        " AND CAST(substring(tablename FROM '_([0-9]+)$') AS bigint) NOT IN"
        " (SELECT id FROM trace WHERE status = 'complete')");
  }
  std::sort(found.begin(), found.end());
  return found;
}

void WaitForKilledSessions(TestDatabase& database) {
  if (database.backend() != Backend::kPostgres) return;
  for (int i = 0; i < 6000; ++i) {
    auto held = database.Rows(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())");
    if (held.at(0) == "0") return;
    usleep(10'000);
  }
}

std::vector<std::string> ReferenceRowCounts(const std::string& trace_file) {
  // The crash and concurrency tests generate the same traces test after
  // test; a process (a sanitizer shard) ingests each content once.
  static std::mutex mutex;
  static std::map<std::string, std::vector<std::string>> by_content;
  // The name's extension too: it chooses the format (and .gz).
  std::string digest =
      std::filesystem::path(trace_file).extension().string() + " " + Sha256OfFile(trace_file);
  std::lock_guard lock(mutex);
  if (auto known = by_content.find(digest); known != by_content.end()) return known->second;
  TestDatabase reference(Backend::kSqlite, "reference");
  ChildRun run = RunTracedb({"ingest", "-q", "--db", reference.url(), trace_file});
  if (run.signaled || run.exit_code != 0) {
    throw std::runtime_error("the reference ingest of " + trace_file + " failed: " + run.err);
  }
  return by_content[digest] = reference.RowCounts(1);
}

std::string GeneratedTrace(const std::string& name, const std::string& size, int seed) {
  std::string path = WriteTempFile(name, "");
  std::string command =
      std::string(TRACEDB_GEN) + " --size " + size + " --seed " + std::to_string(seed) + " " + path;
  if (std::system(command.c_str()) != 0) throw std::runtime_error("failed: " + command);
  return path;
}

}  // namespace tracedb::testing
