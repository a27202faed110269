// libFuzzer target: the .pcf parser (labels of states, event types and
// values), given the text as the reader gives it, made UTF-8
// (model/latin1_text.h). Any input is valid: the parser skips what it does
// not understand, so every exception, crash, sanitizer report, leak or hang,
// or text that is still not UTF-8, is a finding.
#include <cstdlib>
#include <string>

#include "format/paraver/pcf_labels.h"
#include "fuzz_input.h"
#include "model/latin1_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(tracedb::fuzz::Bytes(data, size));
  tracedb::RecodeLines(&text);
  if (!tracedb::IsUtf8(text)) std::abort();
  tracedb::paraver::ParsePcf(text);
  return 0;
}
