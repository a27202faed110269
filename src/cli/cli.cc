#include "cli/cli.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <cstdlib>
#include <cxxopts.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "db/db_error.h"
#include "model/input_error.h"

#ifndef TRACEDB_VERSION
#define TRACEDB_VERSION "unknown"
#endif

namespace tracedb {
namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

constexpr const char* kOverview =
    "tracedb " TRACEDB_VERSION
    " - parallel-program execution traces into SQL\n"
    "\n"
    "usage: tracedb COMMAND [OPTIONS] ARGS\n"
    "\n"
    "commands:\n"
    "  dump     print the entities of a Pajé or Paraver trace in pj_dump's format\n"
    "  ingest   load traces into a database (SQLite file by default)\n"
    "  list     the traces in a database\n"
    "  info     everything about one trace, with the row count of each type\n"
    "  delete   remove traces and all their rows from a database\n"
    "  query    run one read-only SQL statement; text table, CSV or JSON\n"
    "\n"
    "Run 'tracedb COMMAND --help' for the options of a command.\n"
    "Options for every command: --log-level LEVEL (off, error, warn, info, debug; default warn)\n";

// How a TRACE argument names a trace (db/trace_catalog.h, FindTrace).
constexpr const char* kTraceHelp =
    "TRACE names a trace as tracedb list shows it: an id or a name. Digits\n"
    "are an id (or, when no trace has that id, a name); 'id:N' and\n"
    "'name:TEXT' say which. When a trace has id N and another is named N,\n"
    "a bare N is refused as ambiguous.\n";

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void AddCommonOptions(cxxopts::Options& options) {
  options.add_options("common")("h,help", "print this help")(
      "log-level", "log detail on stderr: off, error, warn, info, debug",
      cxxopts::value<std::string>()->default_value("warn"));
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

// Parses argv for one command; returns nullopt after printing --help.
std::optional<cxxopts::ParseResult> Parse(cxxopts::Options& options, int argc, char** argv) {
  AddCommonOptions(options);
  auto result = options.parse(argc, argv);
  if (result.count("help")) {
    std::cout << options.help();
    return std::nullopt;
  }
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
  if (db.rfind("postgres://", 0) == 0 || db.rfind("postgresql://", 0) == 0) {
    throw UsageError("PostgreSQL databases are not supported by this version yet; give a SQLite file");
  }
  if (db.rfind("sqlite://", 0) == 0) db = db.substr(9);
  if (db.empty()) throw UsageError("--db: empty database path");
  return db;
}

void AddDatabaseOption(cxxopts::Options& options) {
  options.add_options()("db", "database: a SQLite file (default $TRACEDB_DB, else tracedb.sqlite)",
                        cxxopts::value<std::string>());
}

void AddFormatOptions(cxxopts::Options& options) {
  options.add_options()("format", "trace format: auto (by content), paje or paraver",
                        cxxopts::value<std::string>()->default_value("auto"))(
      "pcf", "Paraver labels (default: NAME.pcf beside NAME.prv)", cxxopts::value<std::string>())(
      "row", "Paraver object names (default: NAME.row beside NAME.prv)",
      cxxopts::value<std::string>());
}

FormatArgs FormatArguments(const cxxopts::ParseResult& result, const char* command) {
  std::string name = result["format"].as<std::string>();
  std::optional<TraceFormat> format = ParseTraceFormat(name);
  if (!format) {
    throw UsageError(std::string(command) + ": --format must be auto, paje or paraver, not '" +
                     name + "'");
  }
  return {*format, result.count("pcf") ? result["pcf"].as<std::string>() : "",
          result.count("row") ? result["row"].as<std::string>() : ""};
}

// More parser threads only add blocks in flight (two each, 1 MB apiece):
// the simulator, on one thread, is what bounds the speed.
constexpr int64_t kMaxThreads = 64;
// Rows wait in memory until their batch is full.
constexpr int64_t kMaxBatchRows = 10'000'000;

// A whole number option within [min, max]. Parsed here, not by cxxopts,
// whose message for a bad number does not say which option it was.
int64_t NumberOption(const cxxopts::ParseResult& result, const std::string& name,
                     const char* command, int64_t min, int64_t max) {
  std::string text = result[name].as<std::string>();
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    throw UsageError(std::string(command) + ": --" + name + " must be a whole number from " +
                     std::to_string(min) + " to " + std::to_string(max) + ", not '" + text + "'");
  }
  return value;
}

int Dump(int argc, char** argv) {
  cxxopts::Options options("tracedb dump",
                           "Print every entity of a Pajé or Paraver trace in pj_dump's line\n"
                           "format. FILE may be plain, gzip-compressed or '-' for stdin (read\n"
                           "as Pajé unless --format paraver). A Paraver NAME.prv takes its\n"
                           "labels and names from NAME.pcf and NAME.row beside it. Errors are\n"
                           "printed as FILE:LINE: problem, with a non-zero exit code.\n"
                           "With --db, prints the trace stored in that database instead,\n"
                           "the same way.\n"
                           "\n" + std::string(kTraceHelp));
  options.custom_help("[-u] [-z] [--threads N] FILE | --db DB [-u] TRACE");
  options.add_options()("db", "print a trace stored in this database (a SQLite file)",
                        cxxopts::value<std::string>());
  options.positional_help("");
  options.add_options()("u,user-fields", "append user-defined field values to each line")(
      "z,ignore-incomplete-links", "drop links whose other half never came, instead of failing")(
      "threads", "parser threads, 0 to 64 (0: one per core beyond the first)",
      cxxopts::value<std::string>()->default_value("0"))(
      "file", "the trace", cxxopts::value<std::string>());
  AddFormatOptions(options);
  options.parse_positional({"file"});
  auto result = Parse(options, argc, argv);
  if (!result) return 0;
  if (!result->count("file")) throw UsageError("tracedb dump: missing FILE");
  if (!result->unmatched().empty()) throw UsageError("tracedb dump: one FILE only");
  DumpArgs args{.file = (*result)["file"].as<std::string>(),
                .user_fields = (*result)["user-fields"].as<bool>(),
                .ignore_incomplete_links = (*result)["ignore-incomplete-links"].as<bool>()};
  args.threads = static_cast<int>(NumberOption(*result, "threads", "tracedb dump", 0, kMaxThreads));
  if (result->count("db")) args.db = DatabaseArgument(*result);
  args.input = FormatArguments(*result, "tracedb dump");
  return RunDump(args);
}

int Ingest(int argc, char** argv) {
  cxxopts::Options options("tracedb ingest",
                           "Load Pajé or Paraver traces (plain, .gz, or - for stdin) into a\n"
                           "database (a Paraver NAME.prv with NAME.pcf and NAME.row), each\n"
                           "as one trace of the archive. A file whose content is already there\n"
                           "is skipped unless --force, which replaces the old trace atomically.\n"
                           "A bad file is reported (FILE:LINE: problem), leaves nothing behind,\n"
                           "and the next files are still loaded; the exit code is then 1.\n"
                           "Each FILE is read twice (its SHA-256 first): a pipe or a device\n"
                           "cannot be a FILE; give its content on stdin (-) instead.\n");
  options.custom_help("[--db DB] [--comment TEXT] [--force] [-z] [-q] FILE...");
  options.positional_help("");
  AddDatabaseOption(options);
  options.add_options()("comment", "a note stored with each trace", cxxopts::value<std::string>())(
      "force", "re-ingest files already in the database, replacing them")(
      "z,ignore-incomplete-links", "drop links whose other half never came, instead of failing")(
      "batch-size", "rows per insert transaction, 1 to 10000000",
      cxxopts::value<std::string>()->default_value("100000"))(
      "threads", "parser threads, 0 to 64 (0: one per core beyond the first)",
      cxxopts::value<std::string>()->default_value("0"))(
      "q,quiet", "no progress and no summary on stderr")(
      "files", "traces", cxxopts::value<std::vector<std::string>>());
  AddFormatOptions(options);
  options.parse_positional({"files"});
  auto result = Parse(options, argc, argv);
  if (!result) return 0;
  if (!result->count("files")) throw UsageError("tracedb ingest: missing FILE");
  IngestArgs args{.files = (*result)["files"].as<std::vector<std::string>>(),
                  .db = DatabaseArgument(*result),
                  .comment = result->count("comment") ? (*result)["comment"].as<std::string>() : "",
                  .batch_rows = static_cast<size_t>(
                      NumberOption(*result, "batch-size", "tracedb ingest", 1, kMaxBatchRows)),
                  .threads = static_cast<int>(
                      NumberOption(*result, "threads", "tracedb ingest", 0, kMaxThreads)),
                  .force = (*result)["force"].as<bool>(),
                  .ignore_incomplete_links = (*result)["ignore-incomplete-links"].as<bool>(),
                  .quiet = (*result)["quiet"].as<bool>()};
  args.input = FormatArguments(*result, "tracedb ingest");
  return RunIngest(args);
}

int List(int argc, char** argv) {
  cxxopts::Options options("tracedb list",
                           "List the traces of a database, one per line: id, name, status\n"
                           "(complete, loading, failed), when its ingest began (UTC), file size,\n"
                           "rows (containers, states, events, variables and links), time span\n"
                           "and comment; a failed trace shows its error there instead.\n"
                           "Traces whose ingest was interrupted (its process is gone) are\n"
                           "removed first, and said so on stderr. --json prints every column\n"
                           "of the trace table instead, as an array of objects.\n");
  options.custom_help("[--db DB] [--json]");
  AddDatabaseOption(options);
  options.add_options()("json", "every trace column, as a JSON array of objects");
  auto result = Parse(options, argc, argv);
  if (!result) return 0;
  if (!result->unmatched().empty()) throw UsageError("tracedb list: takes no arguments");
  return RunList(ListArgs{.db = DatabaseArgument(*result), .json = (*result)["json"].as<bool>()});
}

int Info(int argc, char** argv) {
  cxxopts::Options options("tracedb info",
                           "Show one trace: every column of its trace row (file, digest,\n"
                           "status, loader, time span, row counts per table), then each of\n"
                           "its types with its kind, name, alias and number of rows (the\n"
                           "containers, states, events, variables or links of that type).\n"
                           "\n" + std::string(kTraceHelp));
  options.custom_help("[--db DB] [--json] TRACE");
  options.positional_help("");
  AddDatabaseOption(options);
  options.add_options()("json", "one JSON object: the trace columns, and \"types\" as an array")(
      "trace", "id or name", cxxopts::value<std::string>());
  options.parse_positional({"trace"});
  auto result = Parse(options, argc, argv);
  if (!result) return 0;
  if (!result->count("trace")) throw UsageError("tracedb info: missing TRACE");
  if (!result->unmatched().empty()) throw UsageError("tracedb info: one TRACE only");
  return RunInfo(InfoArgs{.db = DatabaseArgument(*result),
                          .trace = (*result)["trace"].as<std::string>(),
                          .json = (*result)["json"].as<bool>()});
}

int Delete(int argc, char** argv) {
  cxxopts::Options options("tracedb delete",
                           "Remove traces and all their rows, each in its own transaction,\n"
                           "saying 'deleted trace N (name)' on stderr for each. A trace that\n"
                           "cannot be deleted (not there, or still being loaded) is reported\n"
                           "and the others are still deleted; the exit code is then 1. The\n"
                           "freed pages are reused by later ingests; --vacuum also gives them\n"
                           "back to the file system (it rewrites the whole file: slow, and it\n"
                           "needs that much free space again).\n"
                           "\n" + std::string(kTraceHelp));
  options.custom_help("[--db DB] [--vacuum] TRACE...");
  options.positional_help("");
  AddDatabaseOption(options);
  options.add_options()("vacuum", "shrink the file afterwards")(
      "traces", "ids or names", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"traces"});
  auto result = Parse(options, argc, argv);
  if (!result) return 0;
  if (!result->count("traces")) throw UsageError("tracedb delete: missing TRACE");
  return RunDelete(DeleteArgs{.db = DatabaseArgument(*result),
                              .traces = (*result)["traces"].as<std::vector<std::string>>(),
                              .vacuum = (*result)["vacuum"].as<bool>()});
}

int Query(int argc, char** argv) {
  cxxopts::Options options(
      "tracedb query",
      "Run one SQL statement (SQLite's dialect) over a database and print its rows.\n"
      "Read-only: a statement that would write is refused (it runs with PRAGMA\n"
      "query_only in a transaction that is rolled back). Text after the first\n"
      "statement is ignored. Tables and views: see schema/README.md; the *_view\n"
      "views show complete traces with names instead of ids.\n"
      "\n"
      "Output: an aligned table (NULL as an empty cell); --csv, RFC 4180 with a\n"
      "header and LF line ends (NULL an empty field, the empty string \"\");\n"
      "--json, an array of objects, one per line (numbers, null, strings).\n"
      "\n"
      "Example: tracedb query \"SELECT value, sum(duration) FROM state_view\n"
      "           WHERE trace_id = 1 GROUP BY value\"\n");
  options.custom_help("[--db DB] [--csv | --json] SQL");
  options.positional_help("");
  AddDatabaseOption(options);
  options.add_options()("csv", "print CSV")("json", "print a JSON array of objects")(
      "sql", "the statement", cxxopts::value<std::string>());
  options.parse_positional({"sql"});
  auto result = Parse(options, argc, argv);
  if (!result) return 0;
  if (!result->count("sql")) throw UsageError("tracedb query: missing SQL");
  if (!result->unmatched().empty()) {
    throw UsageError("tracedb query: give the SQL as one argument (in quotes)");
  }
  bool csv = (*result)["csv"].as<bool>();
  bool json = (*result)["json"].as<bool>();
  if (csv && json) throw UsageError("tracedb query: --csv or --json, not both");
  QueryFormat format = csv ? QueryFormat::kCsv : json ? QueryFormat::kJson : QueryFormat::kText;
  return RunQuery(QueryArgs{.db = DatabaseArgument(*result),
                            .sql = (*result)["sql"].as<std::string>(),
                            .format = format});
}

int Dispatch(int argc, char** argv) {
  if (argc < 2) throw UsageError("missing COMMAND");
  std::string command = argv[1];
  if (command == "-h" || command == "--help" || command == "help") {
    std::cout << kOverview;
    return 0;
  }
  if (command == "--version" || command == "-V") {
    std::cout << "tracedb " TRACEDB_VERSION "\n";
    return 0;
  }
  if (command == "dump") return Dump(argc - 1, argv + 1);
  if (command == "ingest") return Ingest(argc - 1, argv + 1);
  if (command == "list") return List(argc - 1, argv + 1);
  if (command == "info") return Info(argc - 1, argv + 1);
  if (command == "delete") return Delete(argc - 1, argv + 1);
  if (command == "query") return Query(argc - 1, argv + 1);
  throw UsageError("unknown command '" + command + "'");
}

}  // namespace

int RunCli(int argc, char** argv) {
  try {
    return Dispatch(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "tracedb: " << e.what() << "\n(run 'tracedb --help' for usage)\n";
    return kExitUsage;
  } catch (const cxxopts::exceptions::exception& e) {
    std::cerr << "tracedb: " << e.what() << "\n(run 'tracedb --help' for usage)\n";
    return kExitUsage;
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

}  // namespace tracedb
