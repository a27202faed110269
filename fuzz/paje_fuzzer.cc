// libFuzzer target: the Pajé reader and simulator. The input is a whole
// trace, read the way `tracedb dump -u FILE` reads it (DumpTrace, parsing on
// the calling thread), its output thrown away. Bad input must end in an
// InputError; a crash, a sanitizer report, any other exception, a leak or a
// hang is a finding.
#include <cstdio>

#include "format/paje/paje_format.h"
#include "fuzz_input.h"
#include "model/input_error.h"
#include "pipeline/dump_pipeline.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static std::FILE* const discard = std::fopen("/dev/null", "w");
  tracedb::InputFile file("fuzz.paje", tracedb::fuzz::Bytes(data, size));
  tracedb::DumpPipelineOptions options{.user_fields = true};
  options.read.blocks = tracedb::fuzz::kSmallBlocks;
  try {
    tracedb::DumpTrace(file, tracedb::paje::kPajeFormat, {}, options, discard);
  } catch (const tracedb::InputError&) {
  }
  return 0;
}
