#include "format/paraver/paraver_reader.h"

#include <memory>

#include "concurrency/parallel_parse.h"
#include "format/paraver/header.h"
#include "format/paraver/header_metadata.h"
#include "format/paraver/object_model.h"
#include "format/paraver/pcf_labels.h"
#include "format/paraver/record_parser.h"
#include "format/paraver/row_names.h"
#include "format/paraver/trace_mapper.h"
#include "input/input_file.h"
#include "model/input_error.h"

namespace tracedb::paraver {
namespace {

struct HeaderLine {
  std::string_view text;  // without its line end
  size_t next;            // where line 2 starts in the block
};

// The first line of the first block, which BlockReader keeps whole.
HeaderLine SplitHeader(std::string_view block) {
  size_t nl = block.find('\n');
  std::string_view line = block.substr(0, nl);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);  // a UTF-8 byte order mark
  return {line, nl == std::string_view::npos ? block.size() : nl + 1};
}

// The in-order stage: places each block in the file and maps its records,
// handing bad lines (the parser's and the mapper's) to BadLines in file
// order.
class InOrder {
 public:
  InOrder(TraceMapper* mapper, const ReadCallbacks& callbacks, BadLines* bad_lines)
      : mapper_(mapper), callbacks_(callbacks), bad_lines_(bad_lines) {}

  void Deliver(ParsedRecords&& block) {
    auto problem = block.problems.begin();
    for (const Record& r : block.records) {
      for (; problem != block.problems.end() && problem->line < r.line; ++problem) {
        bad_lines_->Report(lines_ + problem->line, problem->text);
      }
      Map(block, r);
    }
    for (; problem != block.problems.end(); ++problem) {
      bad_lines_->Report(lines_ + problem->line, problem->text);
    }
    for (auto& line : block.communicators) communicators_.push_back(std::move(line));
    latin1_.Add(block.latin1, lines_);
    lines_ += block.line_count;
    bytes_ += block.bytes;
    if (callbacks_.on_block) callbacks_.on_block(bytes_);
  }
  void CountHeader(uint64_t bytes, bool latin1) {
    lines_ = 1;
    bytes_ = bytes;
    if (latin1) latin1_.Add(1);
  }
  uint64_t lines() const { return lines_; }
  const Latin1Lines& latin1() const { return latin1_; }
  uint64_t bytes() const { return bytes_; }
  std::vector<std::string>& communicators() { return communicators_; }

 private:
  void Map(const ParsedRecords& block, const Record& r) {
    try {
      mapper_->Apply(block, r, lines_ + r.line);
    } catch (const ProblemError& problem) {
      bad_lines_->Report(problem.line(), problem.problem());
    }
  }

  TraceMapper* mapper_;
  const ReadCallbacks& callbacks_;
  BadLines* bad_lines_;
  uint64_t lines_ = 0;
  uint64_t bytes_ = 0;
  std::vector<std::string> communicators_;
  Latin1Lines latin1_;  // the header's and the communicator lines'
};

// What the reading needs besides the options.
struct Inputs {
  const ParaverFiles& files;
  const PcfLabels& pcf;
  const RowNames& names;
  size_t recent_values;
  const ReadCallbacks& callbacks;
};

ReadResult ReadBody(InputFile& file, const Inputs& inputs, const ReadOptions& options,
                    Registry* registry, EntitySink* sink, BadLines* bad_lines) {
  BlockReader reader(&file, options.blocks);
  std::shared_ptr<const std::string> first = reader.Next();
  if (!first) throw ProblemError(1, "empty file: expected a '#Paraver (' header");
  HeaderLine header_line = SplitHeader(*first);
  const ParaverHeader header = ParseHeader(header_line.text);
  const ObjectModel objects(header);
  TraceMapper mapper(header, inputs.pcf, inputs.names, options, inputs.recent_values, registry,
                     sink);
  InOrder in_order(&mapper, inputs.callbacks, bad_lines);
  in_order.CountHeader(header_line.next, header.latin1);
  ParsedRecords rest = ParseRecords(std::string_view(*first).substr(header_line.next), objects);
  rest.bytes = first->size() - header_line.next;
  first.reset();
  in_order.Deliver(std::move(rest));
  ParseInParallel(
      reader, options.parse_workers,
      [&](std::shared_ptr<const std::string> text) {
        ParsedRecords parsed = ParseRecords(*text, objects);
        parsed.bytes = text->size();
        return parsed;
      },
      [&](ParsedRecords&& parsed) { in_order.Deliver(std::move(parsed)); });
  if (mapper.records() == 0) throw ProblemError(1, "the header is not followed by any record");
  mapper.Finish();
  WarnOfLatin1(inputs.callbacks, file.path(), in_order.latin1());
  ReadResult result{.bytes = in_order.bytes(),
                    .lines = in_order.lines(),
                    .records = mapper.records(),
                    .end_time = mapper.Seconds(mapper.end_ticks()),
                    .skipped = bad_lines->skipped()};
  result.metadata = HeaderMetadata(header, {.end_ticks = mapper.end_ticks(),
                                            .communicators = std::move(in_order.communicators()),
                                            .pcf = inputs.files.pcf,
                                            .row = inputs.files.row});
  return result;
}

void WarnOfNoted(const ReadCallbacks& callbacks, const std::string& file,
                 const NotedLines& noted) {
  if (noted.count > 0 && callbacks.on_warning) {
    callbacks.on_warning(NotedLinesWarning(file, noted));
  }
}

// A .pcf or .row, its text made UTF-8 (model/latin1_text.h).
std::string ReadCompanion(const std::string& path, const ReadCallbacks& callbacks) {
  std::string text = ReadSmallFile(path);
  WarnOfLatin1(callbacks, path, RecodeLines(&text));
  return text;
}

}  // namespace

ReadResult ReadParaverTrace(InputFile& trace, const ParaverFiles& files, const ReadOptions& options,
                            const ReadCallbacks& callbacks, Registry* registry, EntitySink* sink,
                            size_t recent_values) {
  PcfLabels pcf = files.pcf.empty() ? PcfLabels{} : ParsePcf(ReadCompanion(files.pcf, callbacks));
  WarnOfNoted(callbacks, files.pcf, pcf.ignored);
  RowNames names = files.row.empty() ? RowNames{} : ParseRow(ReadCompanion(files.row, callbacks));
  WarnOfNoted(callbacks, files.row, names.ignored);
  BadLines bad_lines(trace.path(), options.bad_lines, callbacks.on_skip);
  try {
    return ReadBody(trace, {files, pcf, names, recent_values, callbacks}, options, registry, sink,
                    &bad_lines);
  } catch (const ProblemError& problem) {
    throw InputError(trace.path(), problem.line(), problem.problem());
  }
}

}  // namespace tracedb::paraver
