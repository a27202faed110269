// tracedb-gen-otf2: a synthetic OTF2 archive for scripts/bench (otf2_generator.h).
#include <cstdio>
#include <exception>
#include <string_view>

#include "gen_args.h"
#include "otf2_generator.h"

namespace {

int Usage() {
  std::fprintf(stderr,
               "usage: gen_otf2 --size SIZE [--ranks N] [--seed N] [--paje FILE] --out FOLDER\n"
               "  SIZE: bytes of event records, about, with an optional K, M, G or T suffix\n"
               "  writes FOLDER/traces.otf2, FOLDER/traces.def and FOLDER/traces/;\n"
               "  --paje: also the same program as a Pajé trace in FILE (no counter)\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  tracedb::bench::Otf2Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string_view flag = argv[i], value = argv[i + 1];
    if (flag == "--size") {
      auto size = tracedb::bench::ParseSize(value);
      if (!size) return Usage();
      options.size = *size;
    } else if (flag == "--ranks") {
      auto ranks = tracedb::bench::ParseUint(value);
      if (!ranks || *ranks == 0 || *ranks > 100000) return Usage();
      options.ranks = static_cast<uint32_t>(*ranks);
    } else if (flag == "--seed") {
      auto seed = tracedb::bench::ParseUint(value);
      if (!seed) return Usage();
      options.seed = *seed;
    } else if (flag == "--paje") {
      options.paje = value;
    } else if (flag == "--out") {
      options.folder = value;
    } else {
      return Usage();
    }
  }
  if (argc % 2 != 1 || options.folder.empty() || options.size == 0) return Usage();
  try {
    tracedb::bench::Otf2Written written = tracedb::bench::WriteOtf2Archive(options);
    std::fprintf(stderr, "gen_otf2: %llu records, %llu iterations of %u ranks\n",
                 static_cast<unsigned long long>(written.records),
                 static_cast<unsigned long long>(written.iterations), options.ranks);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gen_otf2: %s\n", e.what());
    return 1;
  }
  return 0;
}
