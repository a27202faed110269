// The archive and the checks of hostile_runs.h.
#include "hostile_runs.h"

#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "db/sqlite/sqlite_connection.h"
#include "support/paraver_test_support.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::hostile {
namespace {

namespace fs = std::filesystem;

// Under sanitizers, memory bounds are not checked.
constexpr bool kCheckMemory = !kSanitizedBuild;

// A database holding other.paje as trace 1, made once per test process;
// each row works on its own copy.
const std::string& ArchiveTemplate() {
  static const std::string path = [] {
    std::string db = FreshDbPath("hostile-template.sqlite");
    std::string other = WriteTempFile("other.paje", Header() + kEveryKindBody);
    ChildRun run = RunTracedb({"ingest", "-q", "--db", db, other});
    if (run.exit_code != 0) throw std::runtime_error("cannot make the archive: " + run.err);
    return db;
  }();
  return path;
}

std::string ListedTrace1(const std::string& db) {
  ChildRun list = RunTracedb({"list", "--json", "--db", db});
  std::stringstream lines(list.out);
  for (std::string line; std::getline(lines, line);) {
    // One object per line, a comma after each but the last.
    if (!line.empty() && line.back() == ',') line.pop_back();
    if (line.rfind("{\"id\":1,", 0) == 0) return line;
  }
  return "trace 1 not listed; stderr: " + list.err;
}

// Rows of any trace but 1, in every table with a trace_id.
int64_t RowsOfOtherTraces(SqliteConnection& c) {
  int64_t total = 0;
  for (const std::string& table :
       Rows(c,
            "SELECT m.name FROM sqlite_master AS m, pragma_table_info(m.name) AS p"
            " WHERE m.type = 'table' AND p.name = 'trace_id'")) {
    total += std::stoll(Rows(c, "SELECT count(*) FROM \"" + table + "\" WHERE trace_id <> 1")[0]);
  }
  return total;
}

std::vector<std::string> ScratchFiles(const Archive& archive) {
  std::vector<std::string> found;
  std::string prefix = fs::path(archive.db).filename().string() + ".load-";
  for (const auto& entry : fs::directory_iterator(fs::path(archive.db).parent_path())) {
    if (entry.path().filename().string().rfind(prefix, 0) == 0)
      found.push_back(entry.path().string());
  }
  return found;
}

}  // namespace

Archive ArchiveIn(const std::string& folder) {
  Archive archive{.db = folder + "/archive.sqlite"};
  fs::copy_file(ArchiveTemplate(), archive.db, fs::copy_options::overwrite_existing);
  archive.other_listed = ListedTrace1(archive.db);
  SqliteConnection c(archive.db);
  archive.other_rows = RowCounts(c, 1);
  return archive;
}

void ExpectOtherTraceUntouched(const Archive& archive) {
  EXPECT_EQ(ListedTrace1(archive.db), archive.other_listed);
  SqliteConnection c(archive.db);
  EXPECT_EQ(RowCounts(c, 1), archive.other_rows);
  EXPECT_EQ(Rows(c, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
  EXPECT_EQ(ScratchFiles(archive), std::vector<std::string>{});
}

void ExpectNothingOfTheFailedLoad(const Archive& archive, const std::string& message) {
  SqliteConnection c(archive.db);
  EXPECT_EQ(Rows(c, "SELECT id FROM trace WHERE status <> 'failed'"),
            std::vector<std::string>{"1"});
  EXPECT_EQ(RowsOfOtherTraces(c), 0);
  for (const std::string& error : Rows(c, "SELECT error FROM trace WHERE status = 'failed'")) {
    EXPECT_EQ(error, message);
  }
}

std::vector<std::string> With(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string CompanionWarnings(const Input& input, const WrittenTrace& trace) {
  if (!IsParaverName(input.file)) return "";
  return NoCompanionWarnings(trace.shown, input.pcf.empty(), input.row.empty());
}

void ExpectSuccess(const ChildRun& run, long max_rss_mb, const char* command,
                   const std::string& err) {
  EXPECT_FALSE(run.signaled) << command << " was killed by signal " << run.signal;
  EXPECT_EQ(run.exit_code, 0) << command;
  EXPECT_EQ(run.err, err) << command;
  if (kCheckMemory) {
    EXPECT_LE(run.peak_rss_kb, max_rss_mb * 1024) << command << ": peak memory";
  }
}

void ExpectSameLines(const std::vector<std::string>& actual,
                     const std::vector<std::string>& expected, const char* what) {
  if (actual == expected) return;
  size_t i = 0;
  while (i < actual.size() && i < expected.size() && actual[i] == expected[i]) ++i;
  auto shown = [](const std::vector<std::string>& lines, size_t at) {
    if (at >= lines.size()) return std::string("(end)");
    return lines[at].size() > 200 ? lines[at].substr(0, 200) + "..." : lines[at];
  };
  ADD_FAILURE() << what << ": " << actual.size() << " lines, expected " << expected.size()
                << "; first difference at sorted line " << i
                << ":\n  got:      " << shown(actual, i) << "\n  expected: " << shown(expected, i);
}

std::string Repeat(const std::string& part, size_t times) {
  std::string out;
  out.reserve(part.size() * times);
  for (size_t i = 0; i < times; ++i) out += part;
  return out;
}

Input Generated(const char* file, std::string (*generate)(), Shape shape, Feed feed) {
  return Input{.file = file, .generate = generate, .shape = shape, .feed = feed};
}

}  // namespace tracedb::testing::hostile
