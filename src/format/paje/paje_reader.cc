#include "format/paje/paje_reader.h"

#include "format/paje/block_parser.h"
#include "input/input_file.h"
#include "model/input_error.h"

namespace tracedb::paje {

void RethrowWithFile(const std::string& path, const ProblemError& problem) {
  throw InputError(path, problem.line(), problem.what());
}

ReadStats ReadPajeTrace(const std::string& path, const EventConsumer& consume,
                        BlockReaderOptions options) {
  InputFile file(path);
  BlockReader reader(&file, options);
  EventSequencer sequencer;
  try {
    while (auto block = reader.Next()) {
      ParsedBlock parsed = ParseBlock(block, *sequencer.table());
      sequencer.Deliver(parsed, consume);
    }
    sequencer.Finish();
  } catch (const ProblemError& problem) {
    RethrowWithFile(path, problem);
  }
  return ReadStats{reader.bytes_read(), sequencer.lines()};
}

}  // namespace tracedb::paje
