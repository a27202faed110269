// libFuzzer target: the Paraver reader. The input is a whole .prv, without
// companions, read the way `tracedb dump -u FILE.prv` reads it (parsing on the
// calling thread). Bad input must end in an InputError; a crash, a sanitizer
// report, any other exception, a leak, a hang, or output that is not UTF-8
// is a finding.
#include <cstdio>

#include "format/paraver/paraver_reader.h"
#include "fuzz_input.h"
#include "model/input_error.h"
#include "output/dump_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tracedb::InputFile file("fuzz.prv", tracedb::fuzz::Bytes(data, size));
  tracedb::Registry registry;
  tracedb::fuzz::Utf8Output out;
  tracedb::DumpWriter writer(registry, out.file(), {.user_fields = true});
  try {
    tracedb::paraver::ReadParaverTrace(
        file, {.trace = file.path()},
        {.blocks = tracedb::fuzz::kSmallBlocks, .simulator = {.keep_extras = true}}, {},
        &registry, &writer);
    writer.Flush();
  } catch (const tracedb::InputError&) {
  }
  return 0;
}
