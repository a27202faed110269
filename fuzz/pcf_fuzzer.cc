// libFuzzer target: the .pcf parser (labels of states, event types and
// values). Any input is valid: the parser skips what it does not understand,
// so every exception, crash, sanitizer report, leak or hang is a finding.
#include "format/paraver/pcf_labels.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tracedb::paraver::ParsePcf(tracedb::fuzz::Bytes(data, size));
  return 0;
}
