// libFuzzer target: the .row parser (object names per level), and the label
// lookup the reader makes for each object. Any input is valid: the parser
// skips what it does not understand, so every exception, crash, sanitizer
// report, leak or hang is a finding.
#include "format/paraver/row_names.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tracedb::paraver::RowNames names = tracedb::paraver::ParseRow(tracedb::fuzz::Bytes(data, size));
  for (const auto& [level, labels] : names.levels) {
    for (size_t i = 0; i <= labels.size(); ++i) names.Label(level, i);
  }
  return 0;
}
