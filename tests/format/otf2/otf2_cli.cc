#include "otf2_cli.h"

#include <filesystem>

#include "results/result_table.h"

namespace tracedb::testing::otf2_cli {
namespace {

namespace fs = std::filesystem;

std::string Member(const std::string& name, bool sqlite) {
  return sqlite ? "json_extract(extra, '$." + name + "')" : "extra->>'" + name + "'";
}

// The columns of each kind of row, from the views check-otf2 reads.
std::string Columns(const std::string& kind, bool sqlite) {
  if (kind == "container") return "path, type, start_time, end_time FROM container_view";
  if (kind == "state") {
    return "container_path, type, start_time, end_time, depth, value FROM state_view";
  }
  if (kind == "link") {
    return "type, start_container_path, end_container_path, start_time, end_time, value, size, "
           "tag FROM link_view";
  }
  if (kind == "variable") {
    return "container_path, type, start_time, end_time, value FROM variable_view";
  }
  return "container_path, type, time, value, " + Member("communicator", sqlite) + ", " +
         Member("root", sqlite) + ", " + Member("bytes_sent", sqlite) + ", " +
         Member("bytes_received", sqlite) + " FROM event_view";
}

}  // namespace

Otf2Archive World(int processes) {
  Otf2Archive archive;
  archive.nodes = {{.id = 0, .name = "host", .class_name = "node"}};
  std::vector<uint64_t> all;
  for (int i = 0; i < processes; ++i) {
    uint32_t id = static_cast<uint32_t>(i);
    archive.location_groups.push_back(
        {.id = id, .name = "Process " + std::to_string(i), .parent = 0});
    archive.locations.push_back({.id = id, .name = "Thread 0", .group = id});
    all.push_back(id);
  }
  archive.groups = {
      {.id = kWorldLocations, .name = "", .type = OTF2_GROUP_TYPE_COMM_LOCATIONS, .members = all},
      {.id = kWorldGroup, .name = "", .type = OTF2_GROUP_TYPE_COMM_GROUP, .members = all}};
  archive.comms = {{.id = kWorld, .name = "MPI_COMM_WORLD", .group = kWorldGroup}};
  return archive;
}

std::string Thread(int process) { return "host/Process " + std::to_string(process) + "/Thread 0"; }

std::string Seconds(int64_t ticks, uint64_t resolution) {
  return FormatRealExact(static_cast<double>(ticks) / static_cast<double>(resolution));
}

std::string WriteArchive(const Otf2Archive& archive, const std::string& name) {
  fs::path folder = fs::path(WriteTempFile(".otf2-archives", "")).parent_path() / name;
  fs::remove_all(folder);
  return WriteOtf2Archive(archive, folder.string());
}

std::string Shown(const std::string& args, const CliRun& run) {
  return "tracedb " + args + "\nexit code " + std::to_string(run.exit_code) + "\nstderr:\n" +
         run.err;
}

void Otf2Cli::SetUp() {
  TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
  database_.emplace(GetParam(), "otf2");
}

CliRun Otf2Cli::Ingest(const std::string& given, const std::string& read_options,
                       const std::string& ingest_options) {
  const std::string& options = read_options;
  std::string args = "ingest -q --db " + database_->url() + " " + read_options + " " +
                     ingest_options + " " + given;
  CliRun run = Tracedb(args);
  if (run.exit_code != 0) return run;
  std::vector<std::string> id = database_->Rows("SELECT max(id) FROM trace");
  for (const char* user : {"", "-u "}) {
    CliRun file = Tracedb(std::string("dump ") + user + options + " " + given);
    CliRun stored = Tracedb(std::string("dump ") + user + "--db " + database_->url() + " " + id[0]);
    EXPECT_EQ(file.exit_code, 0) << file.err;
    EXPECT_EQ(stored.exit_code, 0) << stored.err;
    EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out)) << "dump " << user << given;
  }
  return run;
}

void Otf2Cli::IngestArchive(const Otf2Archive& archive, const std::string& name,
                            const std::string& options) {
  std::string anchor = WriteArchive(archive, name);
  CliRun run = Ingest(anchor, options);
  ASSERT_EQ(run.exit_code, 0) << Shown("ingest " + options + " " + anchor, run);
  EXPECT_EQ(run.err, "");
}

std::string Otf2Cli::ExtraMember(const std::string& name) const { return Member(name, sqlite()); }

std::vector<std::string> Otf2Cli::Stored(const std::string& kind) {
  std::string sql = "SELECT " + Columns(kind, sqlite()) + " WHERE trace_id = " + kLastTrace;
  return Sorted(database_->Rows(sql));
}

std::string Otf2Cli::TraceRow() {
  std::vector<std::string> rows = database_->Rows(
      "SELECT name, format, container_count - 1, state_count, event_count, variable_count, "
      "link_count, start_time, end_time FROM trace WHERE id = "
      "(SELECT max(id) FROM trace WHERE status = 'complete')");
  return rows.empty() ? "no complete trace" : rows[0];
}

std::vector<std::string> Otf2Cli::Skipped() {
  std::string last = " WHERE trace.id = (SELECT max(id) FROM trace WHERE status = 'complete')";
  return database_->Rows(sqlite() ? "SELECT key, value FROM trace, "
                                    "json_each(trace.metadata, '$.otf2.skipped')" +
                                        last + " ORDER BY key"
                                  : "SELECT key, value FROM trace, "
                                    "jsonb_each_text(trace.metadata::jsonb->'otf2'->'skipped')" +
                                        last + " ORDER BY key");
}

int Otf2Cli::TraceCount() { return std::stoi(database_->Rows("SELECT count(*) FROM trace")[0]); }

void Otf2Cli::ExpectRejected(const CliRun& run, const std::string& anchor,
                             const std::vector<std::string>& parts) {
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find(anchor), std::string::npos) << "the anchor in: " << run.err;
  for (const std::string& part : parts) {
    EXPECT_NE(run.err.find(part), std::string::npos) << "'" << part << "' in: " << run.err;
  }
  // A load that failed before the archive was opened leaves no tables.
  std::string tables = sqlite() ? "SELECT count(*) FROM sqlite_master WHERE name = 'trace'"
                                : "SELECT count(*) FROM information_schema.tables "
                                  "WHERE table_name = 'trace'";
  if (database_->Rows(tables) == std::vector<std::string>{"0"}) return;
  EXPECT_EQ(database_->Rows("SELECT count(*) FROM trace WHERE status = 'complete'"),
            std::vector<std::string>{"0"});
  for (const char* table : {"container", "state", "event", "variable", "link"}) {
    EXPECT_EQ(database_->Rows(std::string("SELECT count(*) FROM ") + table),
              std::vector<std::string>{"0"})
        << table;
  }
}

}  // namespace tracedb::testing::otf2_cli
