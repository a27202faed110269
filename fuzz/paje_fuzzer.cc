// libFuzzer target: the Pajé reader and simulator. The input is a whole
// trace, read the way `tracedb dump -u FILE` reads it (DumpTrace, parsing on
// the calling thread). Bad input must end in an InputError; a crash, a
// sanitizer report, any other exception, a leak, a hang, or output that is
// not UTF-8 is a finding.
#include <cstdio>

#include "format/paje/paje_format.h"
#include "fuzz_input.h"
#include "model/input_error.h"
#include "pipeline/dump_pipeline.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tracedb::InputFile file("fuzz.paje", tracedb::fuzz::Bytes(data, size));
  tracedb::DumpPipelineOptions options{.user_fields = true};
  options.read.blocks = tracedb::fuzz::kSmallBlocks;
  tracedb::fuzz::Utf8Output out;
  try {
    tracedb::DumpTrace(file, tracedb::paje::kPajeFormat, {}, options, {}, out.file());
  } catch (const tracedb::InputError&) {
  }
  return 0;
}
