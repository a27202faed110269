#include "cli/command_help.h"

#include <algorithm>
#include <cassert>

namespace tracedb {
namespace {

// Said once for every command that takes --db.
constexpr const char* kDatabaseNote =
    "DB is a SQLite file or a PostgreSQL connection string\n"
    "(postgresql://USER@HOST:PORT/NAME, or 'host=... dbname=...'); without\n"
    "--db, $TRACEDB_DB, else tracedb.sqlite in the current folder. libpq also\n"
    "reads the PG* variables, ~/.pgpass and service files: keep passwords off\n"
    "the command line. TRACE is a trace's id or name, as tracedb list shows;\n"
    "'id:N' or 'name:TEXT' says which, and a bare N that is the id of one\n"
    "trace and the name of another is refused as ambiguous.\n";

// Said once for every command that reads trace files.
constexpr const char* kBadLinesNote =
    "Bad lines: by default (--on-error fail) the first one stops the read.\n"
    "--on-error skip reads on past each bad body line as if it were not\n"
    "there: a bad number, an undefined event id, a wrong field count, or an\n"
    "event the simulation refuses (unknown container, pop of an empty stack,\n"
    "time going backwards, link value mismatch). Each is logged on stderr,\n"
    "in file order, as 'FILE:LINE: problem (line skipped)'. --max-errors N\n"
    "fails the read at the bad line after the first N skipped. Whatever is\n"
    "not one line's fault still fails it: an unreadable or cut file, a bad\n"
    "header line (%EventDef, the Paraver header), a database error, and\n"
    "links whose other half never came (-z drops those).\n";

constexpr CommandHelp kCommands[] = {
    {
        "dump",
        "print a Pajé or Paraver trace's entities in pj_dump's format",
        "[-u] [-z] [--threads N] [--format F]\n"
        "                    [--on-error fail|skip] [--max-errors N] FILE\n"
        "       tracedb dump --db DB [-u] TRACE",
        "Print every entity of a trace, one line each, in pj_dump's format:\n"
        "containers, states (with their nesting depth), events, variables and\n"
        "links. FILE may be plain, gzip-compressed or '-' for stdin; its\n"
        "format is found from its content (or given with --format).\n"
        "A Paraver NAME.prv takes its labels and names from NAME.pcf and\n"
        "NAME.row beside it, or from --pcf and --row. The output streams:\n"
        "memory stays bounded whatever the size of the trace.\n"
        "\n"
        "With --db, prints TRACE as stored in that database instead, the\n"
        "same way (the tests check that both agree).\n"
        "\n"
        "A bad trace is reported as FILE:LINE: problem, with exit code 1.\n"
        "\n"
        "%BAD"
        "With --on-error skip, dump prints what the good lines make (what\n"
        "ingest --on-error skip stores) and exits with 0, unless there were\n"
        "more bad lines than --max-errors allows (exit code 1). When lines were\n"
        "skipped, the last line on stderr counts them ('FILE: N bad line(s)\n"
        "skipped; ...'): a script that must not take a partial dump for a\n"
        "whole one keeps the default, or looks for that line.\n",
        "# The states of a trace, with their user-defined fields\n"
        "tracedb dump -u examples/ring.paje | grep ^State\n"
        "# A compressed Paraver trace (run.pcf and run.row beside it)\n"
        "tracedb dump run.prv.gz > run.dump\n"
        "# Trace 3 of an archive\n"
        "tracedb dump --db runs.sqlite 3\n"
        "# A trace from a buggy tracer: its good lines, at most 100 bad ones\n"
        "tracedb dump --on-error skip --max-errors 100 run.paje\n",
    },
    {
        "ingest",
        "load traces into a database (SQLite file by default)",
        "[--db DB] [--comment TEXT] [--force] [-z] [-q]\n"
        "                      [--format F] [--batch-size N] [--threads N]\n"
        "                      [--on-error fail|skip] [--max-errors N] FILE...",
        "Load Pajé or Paraver traces (plain, .gz, or - for stdin) into a\n"
        "database, each as one trace of the archive (a Paraver NAME.prv with\n"
        "NAME.pcf and NAME.row beside it). A trace becomes visible only when it\n"
        "is completely written. A file whose content (SHA-256) is already there\n"
        "is skipped unless --force, which replaces the old trace atomically. A\n"
        "bad file is reported (FILE:LINE: problem), leaves nothing behind, and\n"
        "the next files are still loaded; the exit code is then 1. A SQLite\n"
        "file is created when missing; an empty PostgreSQL database gets the\n"
        "schema on first use. Each FILE is read twice (its SHA-256 first): a\n"
        "pipe or a device cannot be a FILE; give its content on stdin instead.\n"
        "\n"
        "%BAD"
        "A trace loaded with skipped lines is complete but not the whole file:\n"
        "its summary line says how many were skipped, and its trace row keeps\n"
        "the count (skipped_lines, 0 for a strict load) and the first ten\n"
        "(skipped_errors), which list --json and info show.\n"
        "\n"
        "%DB",
        "# Two runs into a SQLite archive, with a note\n"
        "tracedb ingest --db runs.sqlite --comment 'baseline' run1.paje run2.prv\n"
        "# Into PostgreSQL (the password from ~/.pgpass or $PGPASSWORD)\n"
        "tracedb ingest --db postgresql://alice@db1/traces run3.paje.gz\n"
        "# From a pipe\n"
        "zcat run4.paje.gz | tracedb ingest --db runs.sqlite -\n"
        "# Skip the bad lines of a buggy tracer's output, but not too many\n"
        "tracedb ingest --on-error skip --max-errors 1000 run5.paje\n",
    },
    {
        "watch",
        "load every trace file that appears in a folder, until stopped",
        "[--db DB] [--jobs N] [--stable-seconds S] [--once]\n"
        "                     [--grace-seconds S] [--comment TEXT] [-z]\n"
        "                     [--batch-size N] [--threads N]\n"
        "                     [--on-error fail|skip] [--max-errors N] DIR",
        "Load every trace file that appears in DIR into a database, as ingest\n"
        "would, up to --jobs at a time, and move it to DIR/done/, or to\n"
        "DIR/failed/ with NAME.log beside it holding the error. A file is taken\n"
        "once its size and time stayed the same for --stable-seconds; names\n"
        "starting with '.' or ending in .part or .tmp are left alone (rename a\n"
        "file when it is complete), and a Paraver NAME.prv moves with its\n"
        "NAME.pcf and NAME.row. A file whose content is already in the database\n"
        "goes to done/ without a second load, so restarting is safe. One line\n"
        "per trace on stderr ('done FILE -> trace ID (N rows, S s)', 'failed\n"
        "FILE: message'); tracedb list shows the loads in progress.\n"
        "\n"
        "SIGTERM or SIGINT stops it (exit code 0): no new file is taken, running\n"
        "loads get --grace-seconds to finish, then are abandoned, leaving\n"
        "nothing in the database and their files in DIR; a second signal\n"
        "abandons them at once.\n"
        "\n"
        "%BAD"
        "A trace loaded with skipped lines goes to done/; its line on stderr\n"
        "says how many ('done FILE -> trace ID (N rows, K bad line(s) skipped,\n"
        "S s)'), and its trace row keeps them, as with ingest.\n"
        "\n"
        "%DB",
        "# The service: every trace written to /spool, four at a time\n"
        "tracedb watch --db postgresql://ingest@db1/traces --jobs 4 /spool\n"
        "# From cron: what is complete now, then exit\n"
        "tracedb watch --db runs.sqlite --once /scratch/traces\n",
    },
    {
        "list",
        "the traces in a database",
        "[--db DB] [--json]",
        "List the traces of a database, one per line: id, name, status\n"
        "(complete, loading, failed), when its ingest began (UTC), file size,\n"
        "rows (containers, states, events, variables and links), time span\n"
        "and comment; a failed trace shows its error there instead. Traces\n"
        "whose ingest was interrupted (its process is gone) are removed first,\n"
        "and said so on stderr. --json prints every column of the trace table\n"
        "instead, as an array of objects.\n"
        "\n"
        "%DB",
        "tracedb list --db runs.sqlite\n"
        "# Names of the complete traces, with jq\n"
        "tracedb list --json | jq -r '.[] | select(.status == \"complete\") | .name'\n",
    },
    {
        "info",
        "everything about one trace, with the row count of each type",
        "[--db DB] [--json] TRACE",
        "Show one trace: every column of its trace row (file, digest, status,\n"
        "loader, time span, row counts per table), then each of its types with\n"
        "its kind, name, alias and number of rows (the containers, states,\n"
        "events, variables or links of that type).\n"
        "\n"
        "%DB",
        "tracedb info --db runs.sqlite 1\n"
        "tracedb info --json ring.paje\n",
    },
    {
        "delete",
        "remove traces and all their rows from a database",
        "[--db DB] [--vacuum] TRACE...",
        "Remove traces and all their rows, each in its own transaction, saying\n"
        "'deleted trace N (name)' on stderr for each. A trace that cannot be\n"
        "deleted (not there, or still being loaded) is reported and the others\n"
        "are still deleted; the exit code is then 1.\n"
        "\n"
        "SQLite reuses the freed pages for later ingests; --vacuum also gives\n"
        "them back to the file system (it rewrites the whole file: slow, and it\n"
        "needs that much free space again). PostgreSQL drops the trace's\n"
        "partitions, which frees their space at once; --vacuum there vacuums\n"
        "the trace table.\n"
        "\n"
        "%DB",
        "tracedb delete --db runs.sqlite 2 5\n"
        "tracedb delete --vacuum old-run.paje\n",
    },
    {
        "query",
        "run one read-only SQL statement; text table, CSV or JSON",
        "[--db DB] [--csv | --json] SQL",
        "Run one SQL statement over a database, in that database's dialect\n"
        "(SQLite or PostgreSQL), and print its rows. Read-only: a statement\n"
        "that would write is refused (it runs in a read-only transaction that\n"
        "is rolled back). Text after the first statement is ignored. Tables and\n"
        "views: tracedb schema --documented; the *_view views show complete\n"
        "traces with names instead of ids.\n"
        "\n"
        "Output: an aligned table (NULL as an empty cell); --csv, RFC 4180 with\n"
        "a header and LF line ends (NULL an empty field, the empty string \"\");\n"
        "--json, an array of objects, one per line (numbers, null, strings).\n"
        "\n"
        "%DB",
        "# Time per state value in trace 1\n"
        "tracedb query \"SELECT value, sum(duration) FROM state_view\n"
        "               WHERE trace_id = 1 GROUP BY value\"\n"
        "# Every state of trace 1 as CSV, into a file\n"
        "tracedb query --csv \"SELECT * FROM state_view WHERE trace_id = 1\" > states.csv\n",
    },
    {
        "export-csv",
        "write the tables of one trace as CSV files",
        "[--db DB] [--force] TRACE DIR",
        "Write one complete trace as CSV files in DIR (made when missing), one\n"
        "per table: trace.csv (its one row), type.csv, value.csv,\n"
        "container.csv, state.csv, event.csv, variable.csv and link.csv. Each\n"
        "has a header line and every column of its table, in the table's\n"
        "order (see tracedb schema --documented); rows are sorted by id, or by\n"
        "container and time. CSV as RFC 4180 with LF line ends: a field with a\n"
        "comma, quote or line break is quoted, NULL is an empty field and the\n"
        "empty string \"\". Real numbers keep every digit.\n"
        "\n"
        "The tables are read in one snapshot and streamed, whatever their\n"
        "size. The files appear together when all are written, never half\n"
        "written. Existing files are not replaced unless --force.\n"
        "\n"
        "%DB",
        "tracedb export-csv --db runs.sqlite 1 run1-csv/\n"
        "# Then, in Python: pandas.read_csv('run1-csv/state.csv')\n"
        "tracedb export-csv --db postgresql://alice@db1/traces --force ring.paje ring/\n",
    },
    {
        "schema",
        "print the SQL schema of a tracedb database",
        "[--dialect sqlite|postgresql] [--documented]",
        "Print the SQL that builds a tracedb database: the migrations compiled\n"
        "into this binary, in order, in the dialect asked for (default sqlite).\n"
        "They are exactly what tracedb runs when it opens a new database, which\n"
        "it also records in a schema_version table; to make a database, let\n"
        "tracedb make it (ingest, or any command on an empty PostgreSQL\n"
        "database).\n"
        "\n"
        "--documented prints schema/schema.sql instead: the same schema as it\n"
        "stands after every migration, with each table and column explained\n"
        "(SQLite's dialect; PostgreSQL differs in type names and partitions).\n",
        "tracedb schema --documented | less\n"
        "tracedb schema --dialect postgresql > tracedb-postgresql.sql\n",
    },
};

// Every line of `text`, indented by two spaces.
std::string Indented(std::string_view text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty()) out.append("  ").append(line);
    out.push_back('\n');
    start = end + 1;
  }
  return out;
}

// The description with "%DB" standing for kDatabaseNote, "%BAD" for
// kBadLinesNote followed by a blank line.
std::string Description(std::string_view text) {
  std::string out(text);
  if (size_t at = out.find("%DB"); at != std::string::npos) out.replace(at, 3, kDatabaseNote);
  if (size_t at = out.find("%BAD"); at != std::string::npos) {
    out.replace(at, 4, std::string(kBadLinesNote) + "\n");
  }
  return out;
}

}  // namespace

std::span<const CommandHelp> CommandHelps() { return kCommands; }

const CommandHelp& HelpOf(std::string_view name) {
  // A command without an entry is a bug; it gets its options only.
  static constexpr CommandHelp kNone = {"", "", "", "", ""};
  const CommandHelp* found = std::find_if(std::begin(kCommands), std::end(kCommands),
                                          [&](const CommandHelp& c) { return c.name == name; });
  assert(found != std::end(kCommands));
  return found != std::end(kCommands) ? *found : kNone;
}

std::string OverviewHelp(std::string_view version) {
  std::string out = "tracedb " + std::string(version) +
                    " - parallel-program execution traces into SQL\n\n"
                    "usage: tracedb COMMAND [OPTIONS] ARGS\n\ncommands:\n";
  for (const CommandHelp& command : kCommands) {
    std::string name = command.name;
    name.resize(std::max<size_t>(name.size() + 2, 12), ' ');
    out += "  " + name + command.summary + "\n";
  }
  return out +
         "\nRun 'tracedb help COMMAND' (or 'tracedb COMMAND --help') for the options of a\n"
         "command. Every command takes --log-level LEVEL: off, error, warn (the\n"
         "default), info or debug.\n";
}

// "usage:", the description, the options cxxopts laid out, "examples:".
std::string CommandHelpText(const CommandHelp& help, const std::string& options) {
  size_t first = options.find_first_not_of('\n');
  std::string table = first == std::string::npos ? "" : options.substr(first);
  return "tracedb " + std::string(help.name) + " - " + help.summary + "\n\nusage: tracedb " +
         help.name + " " + help.usage + "\n\n" + Description(help.description) + "\noptions:\n" +
         table + "\nexamples:\n" + Indented(help.examples);
}

}  // namespace tracedb
