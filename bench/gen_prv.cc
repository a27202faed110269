// gen_prv: writes a synthetic Paraver trace of a chosen size, for benchmarking tracedb.
//
//   gen_prv --size SIZE [--seed N] [--nodes N] [--tasks N] [--threads-per-task N] [--out FILE]
//
// The trace looks like Extrae's of a hybrid MPI+OpenMP run (nanoseconds, one application):
// thread 1 of every task alternates computation and MPI calls (point-to-point and collective),
// the other threads are OpenMP workers alternating parallel functions and synchronisation.
// Every change of activity writes a state record ("1:..."), and an event record ("2:...") whose
// pairs leave the old activity, enter the new one and read hardware counters; among them a
// free-running 64-bit counter that wraps, so values reach 2^64 - 1 (thread 1.1.1 starts there),
// and now and then a signed user value. Sends also write a communication record ("3:...").
// Records come in the order of their (begin) time, as in a merged Extrae trace; a message's
// physical send and its receive come a little later than its logical send, and a receive may be
// posted before the send. When the size is reached, every thread writes one last state that is
// still open (END -1). The header's communicators are MPI_COMM_WORLD and one MPI_COMM_SELF.
//
// Valid under ../shared/docs/paraver-format.md by construction: every record names a thread of
// the header and the CPU that thread is pinned to (tasks are laid out in blocks over the nodes,
// one CPU per thread); every state ends after it begins; the header's END_TIME is the largest
// time of any record. That end must be in the first line, so the trace is generated twice from
// the same seed: once into a counting Output that only learns the end, then for real.
//
// Output: stdout, or FILE with FILE's companions beside it (NAME.pcf labelling every state,
// event type and MPI value; NAME.row naming nodes and CPUs), named as tracedb looks for them.
// On stderr, one line with what was written ("gen_prv: bytes=... states=... events=..."), the
// figures a tracedb dump of the trace must match. The same seed always gives the same bytes.
//
// This file reads the command line and runs the generator twice; the trace's vocabulary is in
// prv_vocabulary.h, its layout in prv_layout.h, the header in prv_header.h, the records in
// prv_generator.h, the .pcf and .row in prv_companions.h. Single-threaded; all state lives in
// one Generator (prv_generator.cc).

#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "gen_args.h"
#include "gen_output.h"
#include "prv_companions.h"
#include "prv_generator.h"
#include "prv_layout.h"

namespace {

using tracedb::bench::Output;
using tracedb::bench::ParseSize;
using tracedb::bench::ParseUint;
using tracedb::bench::WriteOutput;
using tracedb::bench::prv::Counts;
using tracedb::bench::prv::kCountingBufferBytes;
using tracedb::bench::prv::Layout;
using tracedb::bench::prv::Options;
using tracedb::bench::prv::WriteCompanions;
using tracedb::bench::prv::WriteTrace;

constexpr std::size_t kBufferBytes = 16u << 20;
constexpr std::uint32_t kMaxThreads = 1u << 20;

// ---------------------------------------------------------------------------------------------
// Command line.

constexpr std::string_view kUsage =
    "usage: gen_prv --size SIZE [--seed N] [--nodes N] [--tasks N] [--threads-per-task N]\n"
    "               [--out FILE]\n"
    "  SIZE: bytes, with an optional K, M, G or T suffix (powers of 1024): 1M, 100M, 5G\n"
    "  --seed N: same seed, same bytes (default 1)\n"
    "  --nodes N: nodes, from 1 to the number of tasks (default 8)\n"
    "  --tasks N: MPI tasks, at least 2, laid out in blocks over the nodes (default 64)\n"
    "  --threads-per-task N: thread 1 calls MPI, the others are OpenMP workers (default 4)\n"
    "  --out FILE: write FILE and its NAME.pcf and NAME.row instead of stdout\n"
    "Prints what it wrote on stderr: bytes, objects, records and events.\n";

struct CommandLine {
  Options options;
  std::string output = "-";
};

// The options that count objects, with their least value.
struct CountOption {
  std::string_view name;
  std::uint64_t min;
  std::uint32_t Options::*field;
};

constexpr CountOption kCountOptions[] = {
    {"--nodes", 1, &Options::nodes},
    {"--tasks", 2, &Options::tasks},
    {"--threads-per-task", 1, &Options::threads_per_task},
};

// "--NAME VALUE"; false when NAME is unknown or VALUE wrong.
bool ParseOption(std::string_view name, const char* value, CommandLine& cl) {
  if (name == "--size") {
    const auto v = ParseSize(value);
    cl.options.target_bytes = v.value_or(0);
    return v.has_value();
  }
  if (name == "--seed") {
    const auto v = ParseUint(value);
    cl.options.seed = v.value_or(0);
    return v.has_value();
  }
  if (name == "--out") {
    cl.output = value;
    return !cl.output.empty();
  }
  for (const CountOption& option : kCountOptions) {
    if (name != option.name) continue;
    const auto v = ParseUint(value);
    if (!v || *v < option.min || *v > kMaxThreads) return false;
    cl.options.*option.field = static_cast<std::uint32_t>(*v);
    return true;
  }
  return false;
}

std::optional<CommandLine> ParseCommandLine(int argc, char** argv) {
  CommandLine cl;
  bool have_size = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!ParseOption(argv[i], argv[i + 1], cl)) return std::nullopt;
    have_size = have_size || std::string_view(argv[i]) == "--size";
  }
  const Options& o = cl.options;
  if (argc % 2 == 0 || !have_size || std::uint64_t{o.tasks} * o.threads_per_task > kMaxThreads ||
      o.nodes > o.tasks) {
    return std::nullopt;
  }
  return cl;
}

void PrintCounts(const Options& o, const Counts& c) {
  const Layout layout(o);
  std::fprintf(
      stderr,
      "gen_prv: bytes=%llu nodes=%u cpus=%u tasks=%u threads=%u states=%llu "
      "open_states=%llu event_records=%llu events=%llu interval_opens=%llu "
      "interval_closes=%llu counter_samples=%llu communications=%llu end_ns=%llu\n",
      static_cast<unsigned long long>(c.bytes), layout.nodes, layout.cpus(), layout.tasks,
      layout.threads(), static_cast<unsigned long long>(c.states),
      static_cast<unsigned long long>(c.open_states),
      static_cast<unsigned long long>(c.event_records), static_cast<unsigned long long>(c.events),
      static_cast<unsigned long long>(c.interval_opens),
      static_cast<unsigned long long>(c.interval_closes),
      static_cast<unsigned long long>(c.counter_samples),
      static_cast<unsigned long long>(c.communications), static_cast<unsigned long long>(c.end_ns));
}

// The two runs: counting, to learn the end time, then writing. Only the header may differ.
Counts Generate(const Options& options, std::FILE* file) {
  Output counter(nullptr, kCountingBufferBytes);
  const Counts planned = WriteTrace(options, counter, 0);
  Output out(file, kBufferBytes);
  const Counts written = WriteTrace(options, out, planned.end_ns);
  if (written.events != planned.events || written.end_ns != planned.end_ns) {
    throw std::logic_error("bug: the counting run and the writing run differ");
  }
  return written;
}

}  // namespace

int main(int argc, char** argv) {
  const auto cl = ParseCommandLine(argc, argv);
  if (!cl) {
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  Counts counts;
  if (!WriteOutput("gen_prv", cl->output,
                   [&](std::FILE* file) { counts = Generate(cl->options, file); })) {
    return 1;
  }
  if (cl->output != "-" && !WriteCompanions(cl->output, cl->options)) return 1;
  PrintCounts(cl->options, counts);
  return 0;
}
