#include "cli/cli.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

// cxxopts splits the values of a list option at commas, so that
// `ingest a,b.paje` read two files: no argument can hold a NUL, so none is
// split. This file is the only user of cxxopts.
#define CXXOPTS_VECTOR_DELIMITER '\0'
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxopts.hpp>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_help.h"
#include "cli/commands.h"
#include "cli/parse_workers.h"
#include "db/db_error.h"
#include "db/sql_statements.h"
#include "model/input_error.h"
#include "pipeline/formats.h"

#ifndef TRACEDB_VERSION
#define TRACEDB_VERSION "unknown"
#endif

namespace tracedb {
namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void AddCommonOptions(cxxopts::Options& options) {
  options.add_options("common")("h,help", "print this help")(
      "log-level", "off, error, warn, info or debug",
      cxxopts::value<std::string>()->default_value("warn"), "LEVEL");
}

void SetUpLogging(const cxxopts::ParseResult& result) {
  auto level = spdlog::level::from_str(result["log-level"].as<std::string>());
  if (level == spdlog::level::off && result["log-level"].as<std::string>() != "off") {
    throw UsageError("unknown log level '" + result["log-level"].as<std::string>() + "'");
  }
  auto logger = spdlog::stderr_logger_mt("tracedb");
  logger->set_pattern("tracedb: %l: %v");
  logger->set_level(level);
  spdlog::set_default_logger(logger);
}

// The options of command `name`; its help text is in command_help.cc.
cxxopts::Options NewOptions(const char* name) {
  cxxopts::Options options(std::string("tracedb ") + name, "");
  options.custom_help("");
  options.positional_help("");
  return options;
}

// An option of one value given twice is refused: cxxopts keeps the last
// one, so 'profile --from 2 ... --from 5' ran on a window the user may not
// have meant. Flags and lists (--tag) may repeat.
void RefuseRepeatedOptions(const cxxopts::Options& options, const cxxopts::ParseResult& result) {
  std::vector<std::string> single;
  for (const std::string& group : options.groups()) {
    for (const cxxopts::HelpOptionDetails& option : options.group_help(group).options) {
      if (option.is_container || option.is_boolean || option.l.empty()) continue;
      single.push_back(option.l.front());
    }
  }
  std::vector<std::string> seen;
  for (const cxxopts::KeyValue& given : result.arguments()) {
    if (std::find(single.begin(), single.end(), given.key()) == single.end()) continue;
    if (std::find(seen.begin(), seen.end(), given.key()) != seen.end()) {
      throw UsageError("--" + given.key() + " is given twice; it takes one value");
    }
    seen.push_back(given.key());
  }
}

// Parses argv for command `name`; returns nullopt after printing --help.
std::optional<cxxopts::ParseResult> Parse(cxxopts::Options& options, const char* name, int argc,
                                          char** argv) {
  AddCommonOptions(options);
  auto result = options.parse(argc, argv);
  if (result.count("help")) {
    std::vector<std::string> shown;  // not the "internal" options, which only tracedb passes
    for (const std::string& group : options.groups()) {
      if (group != "internal") shown.push_back(group);
    }
    std::cout << CommandHelpText(HelpOf(name), options.help(shown, /*print_usage=*/false));
    return std::nullopt;
  }
  RefuseRepeatedOptions(options, result);
  SetUpLogging(result);
  return result;
}

// --db, else $TRACEDB_DB, else tracedb.sqlite in the current folder.
std::string DatabaseArgument(const cxxopts::ParseResult& result) {
  std::string db;
  if (result.count("db")) {
    db = result["db"].as<std::string>();
  } else if (const char* env = std::getenv("TRACEDB_DB"); env != nullptr && *env != '\0') {
    db = env;
  } else {
    db = "tracedb.sqlite";
  }
  if (db.rfind("sqlite://", 0) == 0) db = db.substr(9);
  if (db.empty()) throw UsageError("--db: empty database path");
  return db;
}

void AddDatabaseOption(cxxopts::Options& options) {
  options.add_options()("db", "the database (see DB above)", cxxopts::value<std::string>(), "DB");
}

void AddFormatOptions(cxxopts::Options& options) {
  options.add_options()("format", FormatChoices(),
                        cxxopts::value<std::string>()->default_value("auto"), "F")(
      "pcf", "Paraver labels (default: NAME.pcf)", cxxopts::value<std::string>(), "FILE")(
      "row", "Paraver names (default: NAME.row)", cxxopts::value<std::string>(), "FILE");
}

FormatArgs FormatArguments(const cxxopts::ParseResult& result) {
  FormatArgs args{.format = result["format"].as<std::string>()};
  if (args.format != "auto" && FindFormat(args.format) == nullptr) {
    throw UsageError("--format must be " + FormatChoices() + ", not '" + args.format + "'");
  }
  for (const char* role : {"pcf", "row"}) {
    if (result.count(role)) args.companions.push_back({role, result[role].as<std::string>()});
  }
  return args;
}

// --comment, --tag, --tags-from-name; ingest's --name too.
void AddLabelOptions(cxxopts::Options& options, bool with_name) {
  if (with_name) {
    options.add_options()("name", "the trace's name (default: the file's)",
                          cxxopts::value<std::string>(), "NAME");
  }
  options.add_options()("comment", "a note stored with each trace", cxxopts::value<std::string>(),
                        "TEXT")("tag", "a tag stored with each trace (repeatable)",
                                cxxopts::value<std::vector<std::string>>(),
                                "KEY=VALUE")("tags-from-name", "tags from the file name: '{KEY}_*'",
                                             cxxopts::value<std::string>(), "PATTERN");
}

std::string TextOption(const cxxopts::ParseResult& result, const std::string& name) {
  return result.count(name) ? result[name].as<std::string>() : "";
}

TraceLabels LabelArguments(const cxxopts::ParseResult& result) {
  TraceLabels labels{.comment = TextOption(result, "comment")};
  try {
    if (result.count("tag")) labels.tags = ParseTags(result["tag"].as<std::vector<std::string>>());
    if (result.count("tags-from-name")) {
      labels.tags_from_name = CompileNamePattern(result["tags-from-name"].as<std::string>());
    }
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return labels;
}

// Threads that read, parse and simulate (cli/parse_workers.h). More parser
// threads only add blocks in flight (two each, 1 MB apiece): the simulator,
// on one thread, is what bounds the speed.
constexpr int64_t kMaxThreads = 64;
// Loads at once, each with its own connection(s) and parser threads.
constexpr int64_t kMaxJobs = 64;
// Rows wait in memory until their batch is full.
constexpr int64_t kMaxBatchRows = 10'000'000;
// The summarizer holds this many numbers per state type and value.
constexpr int64_t kMaxProfileBins = 100'000;

// A whole number option within [min, max]. Parsed here, not by cxxopts,
// whose message for a bad number does not say which option it was.
int64_t NumberOption(const cxxopts::ParseResult& result, const std::string& name, int64_t min,
                     int64_t max) {
  std::string text = result[name].as<std::string>();
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    throw UsageError("--" + name + " must be a whole number from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", not '" + text + "'");
  }
  return value;
}

// A number of seconds, 0 or more (fractions allowed).
double SecondsOption(const cxxopts::ParseResult& result, const std::string& name) {
  std::string text = result[name].as<std::string>();
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !(value >= 0) || value > 1e9) {
    throw UsageError("--" + name + " must be a number of seconds, 0 or more, not '" + text + "'");
  }
  return value;
}

// A time of the trace, in its own unit: any finite number.
double TimeOption(const cxxopts::ParseResult& result, const std::string& name) {
  std::string text = result[name].as<std::string>();
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    throw UsageError("--" + name + " must be a time of the trace (a number), not '" + text + "'");
  }
  return value;
}

// --csv or --json, else a text table.
QueryFormat OutputFormat(const cxxopts::ParseResult& result) {
  bool csv = result["csv"].as<bool>();
  bool json = result["json"].as<bool>();
  if (csv && json) throw UsageError("--csv or --json, not both");
  return csv ? QueryFormat::kCsv : json ? QueryFormat::kJson : QueryFormat::kText;
}

void AddOnErrorOptions(cxxopts::Options& options) {
  options.add_options()("on-error", "a bad line: fail or skip",
                        cxxopts::value<std::string>()->default_value("fail"), "WHAT")(
      "max-errors", "with skip: fail past N skipped lines", cxxopts::value<std::string>(), "N");
}

BadLineOptions OnErrorArguments(const cxxopts::ParseResult& result) {
  BadLineOptions options;
  std::string on_error = result["on-error"].as<std::string>();
  if (on_error == "skip") {
    options.on_error = OnError::kSkip;
  } else if (on_error != "fail") {
    throw UsageError("--on-error must be fail or skip, not '" + on_error + "'");
  }
  if (result.count("max-errors")) {
    if (options.on_error != OnError::kSkip) {
      throw UsageError("--max-errors needs --on-error skip");
    }
    options.max_skipped = static_cast<uint64_t>(
        NumberOption(result, "max-errors", 0, std::numeric_limits<int64_t>::max()));
  }
  return options;
}

// --threads, -z, --on-error and --max-errors: how dump, ingest and watch read.
ReadOptions ReadArguments(const cxxopts::ParseResult& result) {
  ReadOptions read;
  read.parse_workers =
      ParseWorkers(static_cast<int>(NumberOption(result, "threads", 0, kMaxThreads)));
  read.simulator.ignore_incomplete_links = result["ignore-incomplete-links"].as<bool>();
  read.bad_lines = OnErrorArguments(result);
  return read;
}

// The read options and --batch-size, as ingest and watch load each file.
IngestFileOptions IngestArguments(const cxxopts::ParseResult& result) {
  IngestFileOptions options;
  options.pipeline.read = ReadArguments(result);
  options.pipeline.batch_rows =
      static_cast<size_t>(NumberOption(result, "batch-size", 1, kMaxBatchRows));
  options.pipeline.profile_bins =
      static_cast<uint32_t>(NumberOption(result, "profile-bins", 2, kMaxProfileBins));
  return options;
}

int Dump(int argc, char** argv) {
  cxxopts::Options options = NewOptions("dump");
  options.add_options()("db", "print TRACE as stored in DB instead", cxxopts::value<std::string>(),
                        "DB");
  options.add_options()("u,user-fields", "append user-defined fields to each line")(
      "z,ignore-incomplete-links", "drop links that never completed")(
      "threads", "threads that read, simulate and write (0: per core)",
      cxxopts::value<std::string>()->default_value("0"),
      "N")("file", "the trace", cxxopts::value<std::string>());
  AddFormatOptions(options);
  AddOnErrorOptions(options);
  options.parse_positional({"file"});
  auto result = Parse(options, "dump", argc, argv);
  if (!result) return 0;
  if (!result->count("file")) throw UsageError("missing FILE");
  if (!result->unmatched().empty()) throw UsageError("one FILE only");
  DumpArgs args{
      .file = (*result)["file"].as<std::string>(),
      .input = FormatArguments(*result),
      .dump = {.user_fields = (*result)["user-fields"].as<bool>(), .read = ReadArguments(*result)}};
  DumpThreads threads =
      SplitDumpThreads(static_cast<int>(NumberOption(*result, "threads", 0, kMaxThreads)));
  args.dump.read.parse_workers = threads.parse_workers;
  args.dump.format_workers = threads.format_workers;
  if (result->count("db")) args.db = DatabaseArgument(*result);
  return RunDump(args);
}

int Ingest(int argc, char** argv) {
  cxxopts::Options options = NewOptions("ingest");
  AddDatabaseOption(options);
  AddLabelOptions(options, /*with_name=*/true);
  options.add_options()("force", "replace traces of the same content")(
      "z,ignore-incomplete-links", "drop links that never completed")(
      "batch-size", "rows per batch",
      cxxopts::value<std::string>()->default_value(std::to_string(kDefaultBatchRows)),
      "N")("profile-bins", "time bins of state_profile",
           cxxopts::value<std::string>()->default_value(std::to_string(kDefaultProfileBins)),
           "N")("threads", "reading threads (0: per core)",
                cxxopts::value<std::string>()->default_value("0"), "N")(
      "q,quiet", "no progress and no summary")("progress", "progress also when not on a terminal")(
      "files", "traces", cxxopts::value<std::vector<std::string>>());
  AddFormatOptions(options);
  AddOnErrorOptions(options);
  options.parse_positional({"files"});
  auto result = Parse(options, "ingest", argc, argv);
  if (!result) return 0;
  if (!result->count("files")) throw UsageError("missing FILE");
  IngestArgs args{.files = (*result)["files"].as<std::vector<std::string>>(),
                  .db = DatabaseArgument(*result),
                  .labels = LabelArguments(*result),
                  .quiet = (*result)["quiet"].as<bool>(),
                  .progress = (*result)["progress"].as<bool>(),
                  .input = FormatArguments(*result),
                  .ingest = IngestArguments(*result)};
  args.ingest.force = (*result)["force"].as<bool>();
  args.labels.name = TextOption(*result, "name");
  if (result->count("name") && args.labels.name.empty()) throw UsageError("--name: empty name");
  if (result->count("name") && args.files.size() > 1) {
    throw UsageError("--name names one trace: give one FILE");
  }
  return RunIngest(args);
}

int Watch(int argc, char** argv) {
  cxxopts::Options options = NewOptions("watch");
  AddDatabaseOption(options);
  options.add_options()("jobs", "files loaded at once",
                        cxxopts::value<std::string>()->default_value("1"),
                        "N")("stable-seconds", "take files unchanged this long",
                             cxxopts::value<std::string>()->default_value("2"),
                             "S")("companion-seconds", "wait for missing companions",
                                  cxxopts::value<std::string>()->default_value("10"),
                                  "S")("takeover-seconds", "free a silent watcher's files",
                                       cxxopts::value<std::string>()->default_value("60"), "S")(
      "grace-seconds", "after SIGTERM, for loads",
      cxxopts::value<std::string>()->default_value("10"),
      "S")("once", "load what is there, exit (1: some failed)")("z,ignore-incomplete-links",
                                                                "drop links that never completed")(
      "batch-size", "rows per batch",
      cxxopts::value<std::string>()->default_value(std::to_string(kDefaultBatchRows)),
      "N")("profile-bins", "time bins of state_profile",
           cxxopts::value<std::string>()->default_value(std::to_string(kDefaultProfileBins)),
           "N")("threads", "threads per load (0: per core)",
                cxxopts::value<std::string>()->default_value("0"),
                "N")("dir", "the folder", cxxopts::value<std::string>());
  AddLabelOptions(options, /*with_name=*/false);
  AddOnErrorOptions(options);
  options.parse_positional({"dir"});
  auto result = Parse(options, "watch", argc, argv);
  if (!result) return 0;
  if (!result->count("dir")) throw UsageError("missing DIR");
  if (!result->unmatched().empty()) throw UsageError("one DIR only");
  watch::WatchOptions args{.dir = (*result)["dir"].as<std::string>(),
                           .db = DatabaseArgument(*result),
                           .jobs = static_cast<int>(NumberOption(*result, "jobs", 1, kMaxJobs)),
                           .stable_seconds = SecondsOption(*result, "stable-seconds"),
                           .companion_seconds = SecondsOption(*result, "companion-seconds"),
                           .takeover_seconds = SecondsOption(*result, "takeover-seconds"),
                           .grace_seconds = SecondsOption(*result, "grace-seconds"),
                           .once = (*result)["once"].as<bool>(),
                           .labels = LabelArguments(*result),
                           .ingest = IngestArguments(*result)};
  return RunWatch(args);
}

TraceStatus StatusArgument(const std::string& text) {
  for (TraceStatus status : {TraceStatus::kLoading, TraceStatus::kComplete, TraceStatus::kFailed,
                             TraceStatus::kDeleting}) {
    if (text == StatusName(status)) return status;
  }
  throw UsageError("--status must be loading, complete, failed or deleting, not '" + text + "'");
}

int List(int argc, char** argv) {
  cxxopts::Options options = NewOptions("list");
  AddDatabaseOption(options);
  options.add_options()("csv", "every column, as CSV")("json", "every column, as a JSON array")(
      "tag", "only traces with this tag (repeatable)", cxxopts::value<std::vector<std::string>>(),
      "KEY[=VALUE]")("status", "only traces of this status: loading, complete, failed or deleting",
                     cxxopts::value<std::string>(), "S");
  auto result = Parse(options, "list", argc, argv);
  if (!result) return 0;
  if (!result->unmatched().empty()) throw UsageError("takes no arguments");
  QueryFormat format = OutputFormat(*result);
  ListArgs args{.db = DatabaseArgument(*result), .format = format};
  if (result->count("tag")) args.tags = (*result)["tag"].as<std::vector<std::string>>();
  if (result->count("status")) args.status = StatusArgument((*result)["status"].as<std::string>());
  return RunList(args);
}

int Info(int argc, char** argv) {
  cxxopts::Options options = NewOptions("info");
  AddDatabaseOption(options);
  options.add_options()("json", "one JSON object, with \"types\"")("trace", "id or name",
                                                                   cxxopts::value<std::string>());
  options.parse_positional({"trace"});
  auto result = Parse(options, "info", argc, argv);
  if (!result) return 0;
  if (!result->count("trace")) throw UsageError("missing TRACE");
  if (!result->unmatched().empty()) throw UsageError("one TRACE only");
  return RunInfo(InfoArgs{.db = DatabaseArgument(*result),
                          .trace = (*result)["trace"].as<std::string>(),
                          .json = (*result)["json"].as<bool>()});
}

int Delete(int argc, char** argv) {
  cxxopts::Options options = NewOptions("delete");
  AddDatabaseOption(options);
  options.add_options()("vacuum", "give the freed space back (waits for the rows)")(
      "failed", "delete every failed trace")("wait",
                                             "remove the rows before returning, however many")(
      "background", "leave the rows to a background tracedb, however few")(
      "traces", "ids or names", cxxopts::value<std::vector<std::string>>());
  // The background tracedb's own (cli/background_purge.h): not in --help.
  options.add_options("internal")("purge-for", "", cxxopts::value<int64_t>()->default_value("0"));
  options.parse_positional({"traces"});
  auto result = Parse(options, "delete", argc, argv);
  if (!result) return 0;
  bool failed = (*result)["failed"].as<bool>();
  int64_t purge_for = (*result)["purge-for"].as<int64_t>();
  if (!result->count("traces") && !failed && purge_for == 0) {
    throw UsageError("missing TRACE (or --failed)");
  }
  if ((*result)["wait"].as<bool>() && (*result)["background"].as<bool>()) {
    throw UsageError("--wait or --background, not both");
  }
  DeleteArgs args{.db = DatabaseArgument(*result),
                  .failed = failed,
                  .vacuum = (*result)["vacuum"].as<bool>(),
                  .wait = (*result)["wait"].as<bool>(),
                  .background = (*result)["background"].as<bool>(),
                  .purge_for = purge_for};
  if (result->count("traces")) args.traces = (*result)["traces"].as<std::vector<std::string>>();
  return RunDelete(args);
}

int Summarize(int argc, char** argv) {
  cxxopts::Options options = NewOptions("summarize");
  AddDatabaseOption(options);
  options.add_options()("force", "replace the summaries TRACEs have")(
      "profile-bins", "time bins of state_profile",
      cxxopts::value<std::string>()->default_value(std::to_string(kDefaultProfileBins)),
      "N")("traces", "ids or names", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"traces"});
  auto result = Parse(options, "summarize", argc, argv);
  if (!result) return 0;
  SummarizeArgs args{.db = DatabaseArgument(*result)};
  if (result->count("traces")) args.traces = (*result)["traces"].as<std::vector<std::string>>();
  args.summarize.profile_bins =
      static_cast<uint32_t>(NumberOption(*result, "profile-bins", 2, kMaxProfileBins));
  if ((*result)["force"].as<bool>()) {
    // Every trace of the archive again is seldom what is meant.
    if (args.traces.empty()) throw UsageError("--force needs TRACE: the traces to summarize again");
    args.summarize.existing = ExistingSummaries::kReplace;
  }
  return RunSummarize(args);
}

// Whether an argument that starts with '-' is SQL (a statement that opens
// with a "-- comment"), not an option: an option's name, before any '=',
// has no blank.
bool IsSqlNotOption(std::string_view arg) {
  std::string_view name = arg.substr(0, arg.find('='));
  return arg.starts_with('-') && name.find_first_of(" \t\r\n") != std::string_view::npos;
}

// argv with such SQL moved after a "--", which ends the options for
// cxxopts: `tracedb query "-- note
// SELECT 1"` runs the statement instead of failing on an unknown option.
std::vector<char*> SqlAfterOptions(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  if (std::find_if(args.begin(), args.end(),
                   [](char* arg) { return arg == std::string_view("--"); }) != args.end()) {
    return args;
  }
  auto sql = std::stable_partition(args.begin() + 1, args.end(),
                                   [](char* arg) { return !IsSqlNotOption(arg); });
  if (sql != args.end()) args.insert(sql, const_cast<char*>("--"));
  return args;
}

int Query(int argc, char** argv) {
  cxxopts::Options options = NewOptions("query");
  AddDatabaseOption(options);
  options.add_options()("csv", "print CSV")("json", "print a JSON array of objects")(
      "sql", "the statement", cxxopts::value<std::string>());
  options.parse_positional({"sql"});
  std::vector<char*> args = SqlAfterOptions(argc, argv);
  auto result = Parse(options, "query", static_cast<int>(args.size()), args.data());
  if (!result) return 0;
  if (!result->count("sql")) throw UsageError("missing SQL");
  if (!result->unmatched().empty()) {
    throw UsageError("give the SQL as one argument (in quotes)");
  }
  std::string sql = (*result)["sql"].as<std::string>();
  size_t statements = CountStatements(sql);
  if (statements == 0) throw UsageError("no SQL statement given (tracedb schema shows the tables)");
  if (statements > 1) {
    throw UsageError("one statement at a time: this SQL holds " + std::to_string(statements));
  }
  QueryFormat format = OutputFormat(*result);
  return RunQuery(QueryArgs{.db = DatabaseArgument(*result), .sql = sql, .format = format});
}

int Schema(int argc, char** argv) {
  cxxopts::Options options = NewOptions("schema");
  options.add_options()("dialect", "sqlite or postgresql",
                        cxxopts::value<std::string>()->default_value("sqlite"), "D")(
      "documented", "schema/schema.sql, every column explained (SQLite's dialect)");
  auto result = Parse(options, "schema", argc, argv);
  if (!result) return 0;
  if (!result->unmatched().empty()) throw UsageError("takes no arguments");
  std::string dialect = (*result)["dialect"].as<std::string>();
  if (dialect != "sqlite" && dialect != "postgresql") {
    throw UsageError("--dialect must be sqlite or postgresql, not '" + dialect + "'");
  }
  SchemaArgs args{
      .dialect = dialect == "postgresql" ? SchemaDialect::kPostgres : SchemaDialect::kSqlite,
      .documented = (*result)["documented"].as<bool>()};
  if (args.documented && args.dialect != SchemaDialect::kSqlite) {
    throw UsageError("--documented is in SQLite's dialect only");
  }
  return RunSchema(args);
}

int ExportCsv(int argc, char** argv) {
  cxxopts::Options options = NewOptions("export-csv");
  AddDatabaseOption(options);
  options.add_options()("force", "replace files already in DIR")(
      "args", "TRACE DIR", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"args"});
  auto result = Parse(options, "export-csv", argc, argv);
  if (!result) return 0;
  std::vector<std::string> args = result->count("args")
                                      ? (*result)["args"].as<std::vector<std::string>>()
                                      : std::vector<std::string>{};
  if (args.size() != 2) throw UsageError("give TRACE and DIR");
  return RunExportCsv(ExportCsvArgs{.db = DatabaseArgument(*result),
                                    .trace = args[0],
                                    .dir = args[1],
                                    .force = (*result)["force"].as<bool>()});
}

// --from and --to, of profile, plot and report.
void AddWindowOptions(cxxopts::Options& options) {
  options.add_options()("from", "window start (default: the trace's)",
                        cxxopts::value<std::string>(), "T0")(
      "to", "window end (default: the trace's)", cxxopts::value<std::string>(), "T1");
}

void AddTypeOption(cxxopts::Options& options) {
  options.add_options()("type", "only the state type(s) of this name",
                        cxxopts::value<std::string>(), "NAME");
}

// --csv and --json, of the analysis commands.
void AddTableFormatOptions(cxxopts::Options& options) {
  options.add_options()("csv", "print CSV")("json", "print a JSON array of objects");
}

std::optional<std::string> OptionalText(const cxxopts::ParseResult& result, const char* name) {
  if (!result.count(name)) return std::nullopt;
  return result[name].as<std::string>();
}

// The positional arguments gathered under `name`; none when there are none.
std::vector<std::string> Positionals(const cxxopts::ParseResult& result, const char* name) {
  if (!result.count(name)) return {};
  return result[name].as<std::vector<std::string>>();
}

WindowArgs WindowArguments(const cxxopts::ParseResult& result) {
  WindowArgs window;
  if (result.count("from")) window.from = TimeOption(result, "from");
  if (result.count("to")) window.to = TimeOption(result, "to");
  return window;
}

ProfileBy ByArgument(const cxxopts::ParseResult& result) {
  std::string by = result["by"].as<std::string>();
  if (by == "value") return ProfileBy::kValue;
  if (by == "container") return ProfileBy::kContainer;
  throw UsageError("--by must be value or container, not '" + by + "'");
}

// The one TRACE an analysis command takes.
std::string TraceArgument(const cxxopts::ParseResult& result) {
  if (!result.count("trace")) throw UsageError("missing TRACE");
  if (!result.unmatched().empty()) throw UsageError("one TRACE only");
  return result["trace"].as<std::string>();
}

int Profile(int argc, char** argv) {
  cxxopts::Options options = NewOptions("profile");
  AddDatabaseOption(options);
  options.add_options()("by", "value (over all containers) or container",
                        cxxopts::value<std::string>()->default_value("value"), "WHAT");
  AddTypeOption(options);
  AddWindowOptions(options);
  AddTableFormatOptions(options);
  options.add_options()("trace", "id or name", cxxopts::value<std::string>());
  options.parse_positional({"trace"});
  auto result = Parse(options, "profile", argc, argv);
  if (!result) return 0;
  ProfileArgs args{.db = DatabaseArgument(*result),
                   .trace = TraceArgument(*result),
                   .window = WindowArguments(*result),
                   .format = OutputFormat(*result)};
  args.profile.by = ByArgument(*result);
  args.profile.type = OptionalText(*result, "type");
  return RunProfile(args);
}

int Comm(int argc, char** argv) {
  cxxopts::Options options = NewOptions("comm");
  AddDatabaseOption(options);
  options.add_options()("limit", "the N busiest pairs; 0: all (default: 40 in text, else all)",
                        cxxopts::value<std::string>(), "N");
  AddTableFormatOptions(options);
  options.add_options()("trace", "id or name", cxxopts::value<std::string>());
  options.parse_positional({"trace"});
  auto result = Parse(options, "comm", argc, argv);
  if (!result) return 0;
  CommArgs args{.db = DatabaseArgument(*result),
                .trace = TraceArgument(*result),
                .format = OutputFormat(*result)};
  if (result->count("limit")) {
    args.limit = NumberOption(*result, "limit", 0, std::numeric_limits<int64_t>::max());
  }
  return RunComm(args);
}

int Compare(int argc, char** argv) {
  cxxopts::Options options = NewOptions("compare");
  AddDatabaseOption(options);
  options.add_options()("by", "value (over all containers) or container (matched by path)",
                        cxxopts::value<std::string>()->default_value("value"), "WHAT");
  AddTypeOption(options);
  AddTableFormatOptions(options);
  options.add_options()("traces", "A B", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"traces"});
  auto result = Parse(options, "compare", argc, argv);
  if (!result) return 0;
  std::vector<std::string> traces = Positionals(*result, "traces");
  if (traces.size() != 2) throw UsageError("give two traces, A and B");
  CompareArgs args{.db = DatabaseArgument(*result),
                   .a = traces[0],
                   .b = traces[1],
                   .format = OutputFormat(*result)};
  args.compare.by = ByArgument(*result);
  args.compare.type = OptionalText(*result, "type");
  return RunCompare(args);
}

PlotKind PlotKindArgument(const std::string& kind) {
  if (kind == "gantt") return PlotKind::kGantt;
  if (kind == "utilisation") return PlotKind::kUtilisation;
  if (kind == "profile") return PlotKind::kProfile;
  if (kind == "comm") return PlotKind::kComm;
  throw UsageError("KIND must be gantt, utilisation, profile or comm, not '" + kind + "'");
}

int Plot(int argc, char** argv) {
  cxxopts::Options options = NewOptions("plot");
  AddDatabaseOption(options);
  options.add_options()("o,output", "the SVG file to write", cxxopts::value<std::string>(), "FILE");
  AddWindowOptions(options);
  options.add_options()("width", "pixels of the time axis (100 to 10000)",
                        cxxopts::value<std::string>()->default_value("1500"), "N");
  AddTypeOption(options);
  options.add_options()("args", "KIND TRACE", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"args"});
  auto result = Parse(options, "plot", argc, argv);
  if (!result) return 0;
  std::vector<std::string> args = Positionals(*result, "args");
  if (args.size() != 2) throw UsageError("give KIND and TRACE");
  if (!result->count("output")) throw UsageError("missing -o FILE.svg");
  PlotArgs plot{.kind = PlotKindArgument(args[0]),
                .db = DatabaseArgument(*result),
                .trace = args[1],
                .output = (*result)["output"].as<std::string>(),
                .window = WindowArguments(*result),
                .width = static_cast<int>(NumberOption(*result, "width", 100, 10000)),
                .type = OptionalText(*result, "type")};
  if (plot.kind == PlotKind::kComm && (plot.type || plot.window.from || plot.window.to)) {
    throw UsageError(
        "plot comm draws the whole trace's links: --from, --to and --type"
        " do not apply");
  }
  return RunPlot(plot);
}

int Report(int argc, char** argv) {
  cxxopts::Options options = NewOptions("report");
  AddDatabaseOption(options);
  options.add_options()("o,output", "the HTML file to write (default: trace-ID.html)",
                        cxxopts::value<std::string>(), "FILE");
  AddWindowOptions(options);
  options.add_options()("trace", "id or name", cxxopts::value<std::string>());
  options.parse_positional({"trace"});
  auto result = Parse(options, "report", argc, argv);
  if (!result) return 0;
  ReportArgs args{.db = DatabaseArgument(*result),
                  .trace = TraceArgument(*result),
                  .window = WindowArguments(*result)};
  args.output = OptionalText(*result, "output").value_or("");
  return RunReport(args);
}

struct Command {
  const char* name;
  int (*run)(int argc, char** argv);
};

constexpr Command kCommands[] = {
    {"dump", Dump},           {"ingest", Ingest},
    {"watch", Watch},         {"list", List},
    {"info", Info},           {"delete", Delete},
    {"summarize", Summarize}, {"query", Query},
    {"schema", Schema},       {"export-csv", ExportCsv},
    {"profile", Profile},     {"comm", Comm},
    {"compare", Compare},     {"plot", Plot},
    {"report", Report},
};

const Command* FindCommand(std::string_view name) {
  for (const Command& command : kCommands) {
    if (name == command.name) return &command;
  }
  return nullptr;
}

// `tracedb help [COMMAND]`: the overview, or what COMMAND --help prints.
int Help(int argc, char** argv) {
  if (argc < 2) {
    std::cout << OverviewHelp(TRACEDB_VERSION);
    return 0;
  }
  if (argc > 2) throw UsageError("help takes one COMMAND");
  const Command* command = FindCommand(argv[1]);
  if (command == nullptr) throw UsageError("unknown command '" + std::string(argv[1]) + "'");
  std::string name = command->name;
  std::string flag = "--help";
  char* args[] = {name.data(), flag.data(), nullptr};
  return command->run(2, args);
}

int Dispatch(int argc, char** argv) {
  if (argc < 2) throw UsageError("missing COMMAND");
  std::string command = argv[1];
  if (command == "-h" || command == "--help") return Help(1, argv + 1);
  if (command == "help") return Help(argc - 1, argv + 1);
  if (command == "--version" || command == "-V") {
    std::cout << "tracedb " TRACEDB_VERSION "\n";
    return 0;
  }
  if (const Command* known = FindCommand(command)) return known->run(argc - 1, argv + 1);
  throw UsageError("unknown command '" + command + "'");
}

// Who speaks in a usage error: "tracedb list" when argv names a command.
std::string Speaker(int argc, char** argv) {
  if (argc >= 2 && FindCommand(argv[1]) != nullptr) return std::string("tracedb ") + argv[1];
  return "tracedb";
}

// cxxopts quotes option names in curly quotes ("Option ‘nosuch’ does not
// exist"): we spell them as they are typed, --nosuch or -x, and quote
// anything else with ASCII quotes.
std::string AsTyped(std::string message) {
  const std::string open = "\u2018", close = "\u2019", option = "Option ";
  for (size_t at = message.find(open); at != std::string::npos; at = message.find(open, at)) {
    size_t end = message.find(close, at);
    if (end == std::string::npos) break;
    std::string name = message.substr(at + open.size(), end - at - open.size());
    bool is_option =
        at >= option.size() && message.compare(at - option.size(), option.size(), option) == 0;
    std::string typed = is_option ? (name.size() == 1 ? "-" : "--") + name : "'" + name + "'";
    message.replace(at, end + close.size() - at, typed);
    at += typed.size();
  }
  if (message.starts_with(option)) message[0] = 'o';
  return message;
}

int UsageFailure(const std::string& speaker, const std::string& message) {
  std::cerr << speaker << ": " << message << "\n(run '" << speaker << " --help' for usage)\n";
  return kExitUsage;
}

// Commands print through stdio's buffer (std::cout shares it): a write
// that failed (a full disk, a file system gone) shows only in the stream's
// error flag, or at the last flush, here. Unchecked, `tracedb profile >
// /dev/full` said nothing and exited 0. A command that failed has said why
// already (dump, which writes on its own, says that it cannot write).
int CheckedOutput(int code) {
  std::cout.flush();
  errno = 0;
  bool flushed = std::fflush(stdout) == 0;
  if (code != 0 || (flushed && !std::ferror(stdout) && !std::cout.bad())) return code;
  std::string reason = errno != 0 ? std::string(": ") + std::strerror(errno) : "";
  std::cerr << "tracedb: cannot write the output" << reason << "\n";
  return kExitFailed;
}

int RunGuarded(int argc, char** argv) {
  try {
    return Dispatch(argc, argv);
  } catch (const UsageError& e) {
    return UsageFailure(Speaker(argc, argv), e.what());
  } catch (const cxxopts::exceptions::exception& e) {
    return UsageFailure(Speaker(argc, argv), AsTyped(e.what()));
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    return kExitFailed;
  } catch (const DbError& e) {
    std::cerr << "tracedb: " << e.what() << "\n";
    return kExitFailed;
  } catch (const std::exception& e) {
    std::cerr << "tracedb: error: " << e.what() << "\n";
    return kExitFailed;
  }
}

}  // namespace

int RunCli(int argc, char** argv) { return CheckedOutput(RunGuarded(argc, argv)); }

}  // namespace tracedb
