// tracedb comm: the communication matrix of a trace, busiest pairs first,
// and as a square of who talks to whom when few containers do
// (analysis/comm_matrix.h).
#include <cstdio>
#include <limits>
#include <string>

#include "analysis/analysed_trace.h"
#include "analysis/comm_matrix.h"
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "cli/table_output.h"
#include "pipeline/open_archive.h"
#include "results/matrix_text.h"

namespace tracedb {
namespace comm_command {
namespace {

constexpr Option kOptions[] = {
    {"limit", "N", "the N busiest pairs; 0: all (default: 40 in text, else all)"},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, {kOptions}, kTableFormatGroup};

constexpr UsageForm kUsage[] = {{.operands = "TRACE"}};

// The text table shows this many pairs unless --limit says otherwise.
constexpr int64_t kTextPairs = 40;

constexpr const char* kDescription =
    "The communication matrix of a complete trace, from the summaries of\n"
    "its load: per link type and pair of containers (by path), messages,\n"
    "bytes (empty when the trace gives no sizes: Paraver's, or a Pajé link\n"
    "field Size) and seconds (the links' durations added up), most messages\n"
    "first, then most bytes. A half that never came has an empty path.\n"
    "\n"
    "The text table shows the 40 busiest pairs (--limit N, 0 for all; CSV\n"
    "and JSON give all unless --limit), and, when at most 32 containers\n"
    "send and receive, first the square matrices of messages and bytes from\n"
    "each row's container to each column's, every link type added up.\n";

constexpr const char* kExamples =
    "tracedb comm 3\n"
    "# Every pair, for a heatmap elsewhere\n"
    "tracedb comm --csv 3 > matrix.csv\n";

struct CommArgs {
  std::string db;
  std::string trace;
  std::optional<int64_t> limit;  // --limit N, 0 for all; default: kTextPairs in text, else all
  QueryFormat format = QueryFormat::kText;
};


template <typename Value>
std::vector<std::vector<std::string>> Texts(const std::vector<std::vector<Value>>& cells,
                                            std::string (*text)(const Value&)) {
  std::vector<std::vector<std::string>> out;
  for (const auto& row : cells) {
    out.emplace_back();
    for (const Value& cell : row) out.back().push_back(text(cell));
  }
  return out;
}

std::string MessagesText(const int64_t& count) { return count == 0 ? "" : std::to_string(count); }

std::string BytesText(const std::optional<int64_t>& bytes) {
  return bytes ? std::to_string(*bytes) : "";
}

bool AnyBytes(const CommSquare& square) {
  for (const auto& row : square.bytes) {
    for (const auto& cell : row) {
      if (cell) return true;
    }
  }
  return false;
}

std::string SquareText(const CommSquare& square) {
  std::string out = FormatSquareMatrix("messages, row to column", square.paths,
                                       Texts(square.messages, MessagesText));
  if (AnyBytes(square)) {
    out += "\n" +
           FormatSquareMatrix("bytes, row to column", square.paths, Texts(square.bytes, BytesText));
  }
  return out + "\n";
}

// Under the text table: how many pairs it leaves out.
std::string Footer(size_t shown, int64_t total) {
  if (static_cast<int64_t>(shown) == total) return "";
  return "(the " + std::to_string(shown) + " busiest of " + std::to_string(total) +
         " pairs; --limit 0 shows them all)\n";
}

int Comm(const CommArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive->catalog, args.trace);
  bool text = args.format == QueryFormat::kText;
  int64_t limit = args.limit.value_or(text ? kTextPairs : 0);
  TablePrinter printer(args.format, CommColumns(trace));
  CommSink sink{.square =
                    [&](const std::optional<CommSquare>& square) {
                      if (text && square) std::fputs(SquareText(*square).c_str(), stdout);
                    },
                .pair = [&](std::vector<Cell> row) { printer.Add(std::move(row)); }};
  int64_t total = ReadCommMatrix(*archive->reader, trace, {.limit = limit}, sink);
  if (text && total == 0) {
    std::fputs((TraceLabel(trace) + " has no links\n").c_str(), stdout);
    return 0;
  }
  printer.Finish();
  if (text) std::fputs(Footer(printer.rows(), total).c_str(), stdout);
  return 0;
}


int Run(const Arguments& arguments) {
  CommArgs args{.db = DatabaseArgument(arguments),
                .trace = OneOperand(arguments, "TRACE"),
                .format = OutputFormat(arguments)};
  if (Has(arguments, "limit")) {
    args.limit = Number(arguments, "limit", 0, std::numeric_limits<int64_t>::max());
  }
  return Comm(args);
}

}  // namespace
}  // namespace comm_command

const Command kCommCommand{
    .name = "comm",
    .summary = "the communication matrix: messages, bytes and seconds per pair",
    .usage = comm_command::kUsage,
    .options = comm_command::kGroups,
    .description = comm_command::kDescription,
    .examples = comm_command::kExamples,
    .run = comm_command::Run,
};

}  // namespace tracedb
