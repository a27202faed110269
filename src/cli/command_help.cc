#include "cli/command_help.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace tracedb {
namespace {

// Said once for every command that takes --db.
constexpr const char* kDatabaseNote =
    "DB: a SQLite file or postgresql://USER@HOST/NAME (password from ~/.pgpass\n"
    "or PGPASSWORD); default $TRACEDB_DB, else tracedb.sqlite here.\n";

// Said once for every command that takes a TRACE.
constexpr const char* kTraceNote =
    "TRACE: an id or a name, as tracedb list shows them ('id:N' or 'name:TEXT'\n"
    "to say which).\n";

// Said once for every command that reads trace files.
constexpr const char* kBadLinesNote =
    "A bad line fails the file (FILE:LINE: problem); --on-error skip logs it\n"
    "and reads on as if it were not there (README: 'Traces from buggy tracers').\n";

constexpr CommandHelp kCommands[] = {
    {
        "dump",
        "print a Pajé or Paraver trace's entities in pj_dump's format",
        "[-u] [-z] [--threads N] [--format F]\n"
        "                    [--on-error fail|skip] FILE\n"
        "       tracedb dump --db DB [-u] TRACE",
        "Print every entity of a trace, one line each, in pj_dump's format,\n"
        "streaming. FILE may be plain, gzip or '-' (stdin); its format is found\n"
        "from its content. A Paraver NAME.prv reads NAME.pcf and NAME.row beside\n"
        "it. With --db, prints TRACE as stored: the same lines, by table, a\n"
        "reader per thread (--threads 1: one table after another).\n"
        "\n"
        "%BAD"
        "%DB"
        "%TRACE",
        "# The states of a trace, with their user-defined fields\n"
        "tracedb dump -u examples/ring.paje | grep ^State\n"
        "# Trace 3 of an archive\n"
        "tracedb dump --db runs.sqlite 3\n",
    },
    {
        "ingest",
        "load traces into a database (SQLite file by default)",
        "[--db DB] [--name NAME] [--tag KEY=VALUE]... [--force]\n"
        "                      [-z] [-q] [--format F] [--on-error fail|skip] FILE...",
        "Load Pajé or Paraver traces (plain, .gz, or - for stdin), each as one\n"
        "trace, visible once complete. Content already there is skipped unless\n"
        "--force; a bad file is marked failed, the rest still load (exit 1).\n"
        "\n"
        "%BAD"
        "%DB",
        "# Two runs, tagged app=lu and, from their names, run=1 and run=2\n"
        "tracedb ingest --tag app=lu --tags-from-name 'run{run}.*' run1.paje run2.prv\n"
        "zcat run3.paje.gz | tracedb ingest --db postgresql://alice@db1/traces -\n",
    },
    {
        "watch",
        "load every trace file that appears in a folder, until stopped",
        "[--db DB] [--jobs N] [--stable-seconds S] [--once]\n"
        "                     [--tag KEY=VALUE]... [--on-error fail|skip] DIR",
        "Load each trace file that appears in DIR once unchanged for --stable-seconds,\n"
        "as ingest would, and move it to DIR/done/ (or DIR/failed/, with NAME.log).\n"
        "Names starting with '.' or ending in .part or .tmp are left alone. NAME.pcf\n"
        "and NAME.row move with NAME.prv, which waits --companion-seconds for them;\n"
        "alone, they go to failed/ after as long. Watchers may share DIR (README).\n"
        "\n"
        "%BAD"
        "%DB",
        "# The service: every trace written to /spool, four at a time\n"
        "tracedb watch --db postgresql://ingest@db1/traces --jobs 4 /spool\n",
    },
    {
        "list",
        "the traces in a database",
        "[--db DB] [--csv | --json] [--tag KEY[=VALUE]]...\n"
        "                    [--status S]",
        "List the traces of a database, one per line: id, name, status\n"
        "(complete, loading, failed), when its ingest began (UTC), file size,\n"
        "rows (containers, states, events, variables and links), time span,\n"
        "tags (when some trace has any) and comment; a failed trace shows its\n"
        "error there instead. --tag and --status keep the traces with all those\n"
        "tags (KEY: any value) and of that status. Traces\n"
        "whose ingest was interrupted (its process is gone) are removed first,\n"
        "and said so on stderr. The span has three decimals, in seconds (s) for\n"
        "Paraver and in the trace's own unit for Pajé. --csv and --json print\n"
        "every column of the trace table instead.\n"
        "\n"
        "%DB",
        "tracedb list --db runs.sqlite --tag app=lu --status complete\n"
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
        "%DB"
        "%TRACE",
        "tracedb info --db runs.sqlite 1\n"
        "tracedb info --json ring.paje\n",
    },
    {
        "delete",
        "remove traces and all their rows from a database",
        "[--db DB] [--vacuum] [--wait | --background]\n"
        "                      TRACE... | --failed [TRACE...]",
        "Remove traces and all their rows, each in its own transaction, saying\n"
        "'deleted trace N (name)' on stderr for each. A trace that cannot be\n"
        "deleted (not there, or still being loaded) is reported and the others\n"
        "are still deleted; the exit code is then 1. SQLite reuses the freed\n"
        "pages, which keep the deleted bytes until then; --vacuum rewrites the\n"
        "file without them and gives the space back to the file system.\n"
        "PostgreSQL drops the trace's partitions, freeing them at once.\n"
        "--failed deletes every failed trace (and TRACEs, when given).\n"
        "\n"
        "SQLite takes seconds to remove millions of rows. So a trace of more\n"
        "than a million rows (--background: any trace) is hidden at once, gone\n"
        "from the views and every command, and a tracedb of its own removes its\n"
        "rows in the background, a table at a time, while loads go on; tracedb\n"
        "list shows it 'deleting' until then. --wait removes them before\n"
        "returning, and --vacuum also waits for the removals under way. A\n"
        "background removal that was killed goes on with the next tracedb\n"
        "ingest or delete.\n"
        "\n"
        "%DB"
        "%TRACE",
        "tracedb delete --db runs.sqlite 2 5\n"
        "tracedb delete --failed\n",
    },
    {
        "summarize",
        "compute the summaries of traces loaded before schema 5",
        "[--db DB] [--profile-bins N] [TRACE...]\n"
        "       tracedb summarize [--db DB] [--profile-bins N] --force TRACE...",
        "Compute the summaries (state_summary, event_summary, variable_summary,\n"
        "link_summary, state_profile) of traces an older tracedb loaded without\n"
        "them, from their stored rows, so that every summary view answers for\n"
        "them too: the TRACEs given, or every complete trace without summaries.\n"
        "They are what an ingest computes (--profile-bins as in ingest), but for\n"
        "the last bits of sums added up in another order (state_profile's).\n"
        "Each trace's summaries are stored in one transaction: ctrl-C, or a\n"
        "failure, leaves it as it was. A TRACE that has summaries is left alone\n"
        "unless --force, which replaces them. One line per trace on stderr; exit\n"
        "code 1 when any trace could not be summarized (unknown, failed, still\n"
        "loading).\n"
        "\n"
        "%DB"
        "%TRACE",
        "# After upgrading an archive: every old trace\n"
        "tracedb summarize --db runs.sqlite\n"
        "# Trace 3 again, in 4000 time bins\n"
        "tracedb summarize --force --profile-bins 4000 3\n",
    },
    {
        "query",
        "run one read-only SQL statement; text table, CSV or JSON",
        "[--db DB] [--csv | --json] SQL",
        "Run one SQL statement over a database, in that database's dialect\n"
        "(SQLite or PostgreSQL), and print its rows. Read-only: a statement\n"
        "that would write is refused, and so is a second statement. Tables and\n"
        "views: tracedb schema --documented; the *_view views show complete\n"
        "traces with names instead of ids.\n"
        "\n"
        "Output: an aligned table (NULL as an empty cell; the widths of the first\n"
        "1000 rows); --csv, RFC 4180 with a header and LF line ends; --json, an\n"
        "array of objects, one per line, where a column name that repeats (SELECT *\n"
        "of a join) is suffixed _2, _3, ... to keep every value.\n"
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
        "container.csv, state.csv, event.csv, variable.csv, link.csv and the\n"
        "summaries' state_summary.csv, event_summary.csv,\n"
        "variable_summary.csv, link_summary.csv, state_profile.csv and\n"
        "state_duration.csv, each with a header and every column (tracedb\n"
        "schema --documented). RFC 4180 with LF line ends; NULL is an empty\n"
        "field and the empty string \"\"; reals keep every digit. Tables are\n"
        "streamed, several at once (a reader per core); the files agree with\n"
        "each other and appear together when all are written. --force\n"
        "replaces files there. Interrupted (ctrl-C, SIGTERM), it removes the\n"
        "files it began and exits 130 (143).\n"
        "\n"
        "%DB"
        "%TRACE",
        "tracedb export-csv --db runs.sqlite 1 run1-csv/\n"
        "# Then, in Python: pandas.read_csv('run1-csv/state.csv')\n",
    },
    {
        "profile",
        "time per state value: count, inclusive and exclusive time",
        "[--db DB] [--by value|container] [--type NAME]\n"
        "                       [--from T0] [--to T1] [--csv | --json] TRACE",
        "Time per state value of a complete trace, largest inclusive time first,\n"
        "over all containers (--by value, the default) or per container (--by\n"
        "container, by path, and by alias, 'node/rank [r0]', where containers\n"
        "share a path). Columns: [container_path,] type, value, count,\n"
        "inclusive_seconds, exclusive_seconds (minus the states pushed directly\n"
        "on them) and share: inclusive time over the container's lifetime, or\n"
        "over the summed lifetimes of the containers that have states of the\n"
        "type (a percentage in the text table); times in the trace's unit.\n"
        "\n"
        "Without a window, the summaries of the load answer. --from and/or --to\n"
        "(the other end: the trace's) clip every state and lifetime exactly to\n"
        "[T0, T1]; a state counts where it overlaps the window.\n"
        "\n"
        "%DB"
        "%TRACE",
        "# Where did the time go in trace 3, MPI states only?\n"
        "tracedb profile --type 'MPI state' 3\n"
        "# Per container, between 10 s and 12 s, as CSV\n"
        "tracedb profile --by container --from 10 --to 12 --csv 3 > window.csv\n",
    },
    {
        "comm",
        "the communication matrix: messages, bytes and seconds per pair",
        "[--db DB] [--limit N] [--csv | --json] TRACE",
        "The communication matrix of a complete trace, from the summaries of\n"
        "its load: per link type and pair of containers (by path), messages,\n"
        "bytes (empty when the trace gives no sizes: Paraver's, or a Pajé link\n"
        "field Size) and seconds (the links' durations added up), most messages\n"
        "first, then most bytes. A half that never came has an empty path.\n"
        "\n"
        "The text table shows the 40 busiest pairs (--limit N, 0 for all; CSV\n"
        "and JSON give all unless --limit), and, when at most 32 containers\n"
        "send and receive, first the square matrices of messages and bytes from\n"
        "each row's container to each column's, every link type added up.\n"
        "\n"
        "%DB"
        "%TRACE",
        "tracedb comm 3\n"
        "# Every pair, for a heatmap elsewhere\n"
        "tracedb comm --csv 3 > matrix.csv\n",
    },
    {
        "compare",
        "two traces' time per state value side by side",
        "[--db DB] [--by value|container] [--type NAME]\n"
        "                       [--csv | --json] TRACE_A TRACE_B",
        "Two complete traces' (A and B) time per state type and value, from their\n"
        "summaries, matched by name (and by container path with --by container;\n"
        "a row only one trace has is empty on the other side): inclusive and\n"
        "exclusive seconds in A and in B, difference (B's exclusive time minus\n"
        "A's) and ratio (B's over A's), largest difference first. Exclusive time\n"
        "is what moved; inclusive time also holds what is nested in the state.\n"
        "--type NAME compares one state type, which both traces must have.\n"
        "\n"
        "%DB"
        "%TRACE",
        "# Before and after an optimisation\n"
        "tracedb compare run-before.prv run-after.prv\n"
        "# Which ranks changed most\n"
        "tracedb compare --by container --csv 3 4 > ranks.csv\n",
    },
    {
        "plot",
        "draw a chart of a trace as an SVG file (gantt, profile...)",
        "KIND [--db DB] [--from T0] [--to T1] [--width N]\n"
        "                    [--type NAME] -o FILE.svg TRACE",
        "Draw one chart of a complete trace as a standalone SVG file, for papers\n"
        "and slides. KIND:\n"
        "  gantt  the space-time chart: a row per container (and state type) in\n"
        "         hierarchy order, states coloured by the trace's own value colours\n"
        "         (a fixed palette otherwise), nested states drawn over their\n"
        "         parents, a time axis and a legend; hovering a state shows its\n"
        "         row, value, start, end and duration. Past 5,000 states in view,\n"
        "         each row is drawn per pixel column, in the colour of the value\n"
        "         on top for most of it (as Paraver does): the file's size stays\n"
        "         bounded by rows times --width, whatever the trace's size.\n"
        "  utilisation  containers in each state value over time, stacked.\n"
        "  profile  time per state value, inclusive and exclusive, as bars.\n"
        "  comm     the communication matrix as a heatmap (the whole trace).\n"
        "--from/--to draw a window of the trace (the other end: the trace's).\n"
        "FILE.svg is written whole or not at all; its folder must exist.\n"
        "\n"
        "%DB"
        "%TRACE",
        "tracedb plot gantt -o ring.svg 1\n"
        "# One second of trace 3, 3000 pixels wide\n"
        "tracedb plot gantt --from 10 --to 11 --width 3000 -o zoom.svg 3\n",
    },
    {
        "report",
        "write a trace's HTML report: Gantt chart, profile, matrix",
        "[--db DB] [--from T0] [--to T1] [-o FILE.html] TRACE",
        "Write one self-contained HTML page about a complete trace, to open in\n"
        "a browser, offline too (inline CSS, SVG and a little JavaScript;\n"
        "nothing from the network): the trace's facts; the space-time chart\n"
        "(as tracedb plot gantt draws it, with the links as arrows while at\n"
        "most 2,000 are in view); utilisation over time, stacked per state\n"
        "value; the flat profile, bars and table; the communication matrix,\n"
        "heatmap and its busiest pairs. Hovering any mark shows what it is.\n"
        "--from/--to show a window of the trace (the communication matrix stays\n"
        "the whole trace's). The file, trace-ID.html here unless -o, is written\n"
        "whole or not at all; its folder must exist.\n"
        "\n"
        "%DB"
        "%TRACE",
        "tracedb report -o run3.html 3 && xdg-open run3.html\n",
    },
    {
        "schema",
        "print the SQL schema of a tracedb database",
        "[--dialect sqlite|postgresql] [--documented]",
        "Print the SQL that builds a tracedb database: the migrations compiled\n"
        "into this binary, in order, in the dialect asked for (default sqlite),\n"
        "then the views (migrations/views.sql). They are exactly what tracedb\n"
        "runs when it opens a new database, which it also records in the\n"
        "schema_version and schema_views tables; to make a database, let\n"
        "tracedb make it (ingest, or any command on an empty PostgreSQL\n"
        "database).\n"
        "\n"
        "--documented prints schema/schema.sql instead, then the views: the\n"
        "same schema as it stands after every migration, with each table and\n"
        "column explained (SQLite's dialect; PostgreSQL differs in type names\n"
        "and partitions).\n",
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

// The description with "%BAD", "%DB" and "%TRACE" standing for those
// notes, each followed by a blank line but the last.
std::string Description(std::string_view text) {
  std::string out(text);
  for (auto [mark, note] : {std::pair{"%BAD", kBadLinesNote}, std::pair{"%DB", kDatabaseNote},
                            std::pair{"%TRACE", kTraceNote}}) {
    std::string_view name(mark);
    size_t at = out.find(name);
    if (at == std::string::npos) continue;
    bool last = at + name.size() == out.size();
    out.replace(at, name.size(), std::string(note) + (last ? "" : "\n"));
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
