// libFuzzer target: the Paraver reader. The input is a whole .prv, without
// companions, read the way `tracedb dump -u FILE.prv` reads it (parsing on the
// calling thread), its output thrown away. Bad input must end in an
// InputError; a crash, a sanitizer report, any other exception, a leak or a
// hang is a finding.
#include <cstdio>

#include "format/paraver/paraver_reader.h"
#include "fuzz_input.h"
#include "model/input_error.h"
#include "output/dump_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static std::FILE* const discard = std::fopen("/dev/null", "w");
  tracedb::InputFile file("fuzz.prv", tracedb::fuzz::Bytes(data, size));
  tracedb::Registry registry;
  tracedb::DumpWriter writer(registry, discard, {.user_fields = true});
  try {
    tracedb::paraver::ReadParaverTrace(
        file, {.trace = file.path()},
        {.blocks = tracedb::fuzz::kSmallBlocks, .simulator = {.keep_extras = true}}, &registry,
        &writer);
    writer.Flush();
  } catch (const tracedb::InputError&) {
  }
  return 0;
}
