// libFuzzer target: the .row parser (object names per level), given the
// text as the reader gives it, made UTF-8 (model/latin1_text.h), and the
// label lookup the reader makes for each object. Any input is valid: the
// parser skips what it does not understand, so every exception, crash,
// sanitizer report, leak or hang, or text that is still not UTF-8, is a
// finding.
#include <cstdlib>
#include <string>

#include "format/paraver/row_names.h"
#include "fuzz_input.h"
#include "model/latin1_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(tracedb::fuzz::Bytes(data, size));
  tracedb::RecodeLines(&text);
  if (!tracedb::IsUtf8(text)) std::abort();
  tracedb::paraver::RowNames names = tracedb::paraver::ParseRow(text);
  for (const auto& [level, labels] : names.levels) {
    for (size_t i = 0; i <= labels.size(); ++i) names.Label(level, i);
  }
  return 0;
}
