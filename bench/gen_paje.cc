// gen_paje: writes a synthetic Pajé trace of a chosen size, for benchmarking tracedb.
//
//   gen_paje --size SIZE [--seed N] [--containers N] [--churn N] OUTPUT      (OUTPUT may be "-")
//
// The trace looks like a SimGrid/MPI simulation: root -> Host and Node containers -> Thread and
// Process leaves, with state stacks, events, variables and point-to-point links among leaves,
// and containers coming and going. It is valid under the semantics of
// ../shared/docs/paje-format.md by construction:
// - one clock that only moves forward, so every (container, type) is time-ordered; the one
//   exception is the start of a link whose end was written first (see CompleteUrgentLink);
// - container identifiers come from one counter and are never reused;
// - link keys come from another counter; both halves carry the same value; every link is
//   finished before the end, and a container is destroyed only when no pending link touches it;
// - Add/Sub follow a Set, PopState only pops a non-empty stack.
// The same seed always gives the same bytes.
//
// This file reads the command line; the trace's vocabulary is in paje_vocabulary.h, the
// Generator that writes it in paje_generator.h (its links in paje_links.cc, its containers in
// paje_containers.cc). Single-threaded; all state lives in one Generator. Output, random
// numbers and the parsing of --size are shared with gen_prv (gen_output.h, gen_rng.h,
// gen_args.h).

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "gen_args.h"
#include "gen_output.h"
#include "paje_generator.h"

namespace {

using tracedb::bench::Output;
using tracedb::bench::ParseSize;
using tracedb::bench::ParseUint;
using tracedb::bench::paje::Generator;
using tracedb::bench::paje::Options;

constexpr std::size_t kBufferBytes = 16u << 20;

// ---------------------------------------------------------------------------------------------
// Command line.

constexpr std::string_view kUsage =
    "usage: gen_paje --size SIZE [--seed N] [--containers N] [--churn N] OUTPUT\n"
    "  SIZE: bytes, with an optional K, M, G or T suffix (powers of 1024): 1M, 100M, 5G\n"
    "  --seed N: same seed, same bytes (default 1)\n"
    "  --containers N: live thread/process containers, at least 16 (default 400)\n"
    "  --churn N: one container created or destroyed per N lines, at least 1 (default 2000)\n"
    "  OUTPUT: a file, or - for stdout\n";

struct CommandLine {
  Options options;
  std::string output;
};

std::optional<CommandLine> ParseCommandLine(int argc, char** argv) {
  CommandLine cl;
  bool have_size = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--size" && has_value) {
      const auto v = ParseSize(argv[++i]);
      if (!v) return std::nullopt;
      cl.options.target_bytes = *v;
      have_size = true;
    } else if (arg == "--seed" && has_value) {
      const auto v = ParseUint(argv[++i]);
      if (!v) return std::nullopt;
      cl.options.seed = *v;
    } else if (arg == "--churn" && has_value) {
      const auto v = ParseUint(argv[++i]);
      if (!v || *v < 1 || *v > UINT32_MAX) return std::nullopt;
      cl.options.churn = static_cast<std::uint32_t>(*v);
    } else if (arg == "--containers" && has_value) {
      const auto v = ParseUint(argv[++i]);
      if (!v || *v < 16 || *v > 10'000'000) return std::nullopt;
      cl.options.leaves = static_cast<std::uint32_t>(*v);
    } else if (cl.output.empty() && (arg == "-" || !arg.starts_with("-"))) {
      cl.output = arg;
    } else {
      return std::nullopt;
    }
  }
  if (!have_size || cl.output.empty()) return std::nullopt;
  return cl;
}

}  // namespace

int main(int argc, char** argv) {
  const auto cl = ParseCommandLine(argc, argv);
  if (!cl) {
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  const bool written = tracedb::bench::WriteOutput("gen_paje", cl->output, [&](std::FILE* file) {
    Output out(file, kBufferBytes);
    Generator(cl->options, out).Run();
  });
  return written ? 0 : 1;
}
