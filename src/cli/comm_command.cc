// tracedb comm: the communication matrix of a trace, busiest pairs first,
// and as a square of who talks to whom when few containers do
// (analysis/comm_matrix.h).
#include <cstdio>
#include <string>

#include "analysis/analysed_trace.h"
#include "analysis/comm_matrix.h"
#include "cli/commands.h"
#include "cli/table_output.h"
#include "pipeline/open_archive.h"
#include "results/matrix_text.h"

namespace tracedb {
namespace {

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

}  // namespace

int RunComm(const CommArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive->catalog, args.trace);
  bool text = args.format == QueryFormat::kText;
  int64_t limit = args.limit.value_or(text ? kTextPairs : 0);
  TablePrinter printer(args.format, CommColumns());
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

}  // namespace tracedb
