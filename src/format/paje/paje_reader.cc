#include "format/paje/paje_reader.h"

#include <mutex>

#include "concurrency/parallel_parse.h"
#include "format/paje/block_parser.h"
#include "input/input_file.h"
#include "model/input_error.h"

namespace tracedb::paje {
namespace {

// The definitions known so far, read by the workers, replaced by the
// in-order stage after each block. A worker holding an older snapshot only
// defers more lines (ids cannot be redefined), so staleness is harmless.
class Snapshot {
 public:
  explicit Snapshot(std::shared_ptr<const DefinitionTable> table) : table_(std::move(table)) {}
  std::shared_ptr<const DefinitionTable> Get() const {
    std::lock_guard lock(mutex_);
    return table_;
  }
  void Set(std::shared_ptr<const DefinitionTable> table) {
    std::lock_guard lock(mutex_);
    table_ = std::move(table);
  }

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const DefinitionTable> table_;
};

}  // namespace

void RethrowWithFile(const std::string& path, const ProblemError& problem) {
  throw InputError(path, problem.line(), problem.problem());
}

ReadStats ReadPajeTrace(InputFile& file, const EventConsumer& consume, const ReadOptions& options,
                        const ReadCallbacks& callbacks, const ReadHooks& hooks) {
  BlockReader reader(&file, options.blocks);
  BadLines own(file.path(), options.bad_lines, callbacks.on_skip);
  EventSequencer sequencer(hooks.bad_lines ? hooks.bad_lines : &own);
  Snapshot snapshot(sequencer.table());
  uint64_t bytes_done = 0;
  try {
    auto parse = [&](std::shared_ptr<const std::string> text) {
      ParsedBlock parsed = ParseBlock(std::move(text), *snapshot.Get());
      if (hooks.prepare) hooks.prepare(parsed.batch);
      return parsed;
    };
    auto deliver = [&](ParsedBlock&& parsed) {
      sequencer.Deliver(parsed, consume, hooks.lookahead);
      snapshot.Set(sequencer.table());
      bytes_done += parsed.batch.text->size();
      if (callbacks.on_block) callbacks.on_block(bytes_done);
    };
    // The first block (64 KiB: the header, usually) is read here before the
    // workers start: they parsed the next ones against no definitions, and
    // left all their lines to this thread (100 MB bench trace, --threads 7:
    // 27,600 to 86,800 lines of 2.9 million).
    if (options.parse_workers > 0) {
      if (auto first = reader.Next()) deliver(parse(std::move(first)));
    }
    ParseInParallel(reader, options.parse_workers, parse, deliver);
    sequencer.Finish();
  } catch (const ProblemError& problem) {
    RethrowWithFile(file.path(), problem);
  }
  WarnOfLatin1(callbacks, file.path(), sequencer.latin1());
  return ReadStats{reader.bytes_read(), sequencer.lines()};
}

}  // namespace tracedb::paje
