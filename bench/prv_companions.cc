// The companions of prv_companions.h.
#include "prv_companions.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string_view>

#include "gen_output.h"
#include "prv_vocabulary.h"

namespace tracedb::bench::prv {
namespace {

std::string CompanionPath(const std::string& trace, std::string_view extension) {
  // As tracedb finds them: NAME.prv -> NAME.pcf; another name loses its last extension.
  std::filesystem::path base(trace);
  base.replace_extension();
  return base.string() + std::string(extension);
}

void WritePcfStates(std::FILE* f) {
  std::fputs("STATES\n", f);
  for (const StateLabel& s : kStateLabels) std::fprintf(f, "%u    %s\n", s.value, s.label.data());
  std::fputs("\nSTATES_COLOR\n", f);
  for (const StateLabel& s : kStateLabels) std::fprintf(f, "%u    %s\n", s.value, s.color.data());
}

// One EVENT_TYPE block per type; the MPI and OpenMP types list their values.
void WritePcfEventTypes(std::FILE* f) {
  for (const EventTypeLabel& t : kEventTypeLabels) {
    std::fprintf(f, "\nEVENT_TYPE\n0    %lld    %s\n", static_cast<long long>(t.type),
                 t.label.data());
    if (t.type == type::kApplication) std::fputs("VALUES\n0      End\n1      Begin\n", f);
    if (t.type == type::kMpiPointToPoint || t.type == type::kMpiCollective) {
      std::fputs("VALUES\n0      Outside MPI\n", f);
      for (const ActivityInfo& a : kActivities) {
        if (a.type == t.type) std::fprintf(f, "%u      %s\n", a.value, a.label.data());
      }
    }
    if (t.type == type::kOmpFunction) {
      std::fputs("VALUES\n0      End\n", f);
      for (std::uint32_t v = 1; v <= kOmpFunctions; ++v) {
        std::fprintf(f, "%u      kernel_%u [solver.c:%u]\n", v, v, 100 + 40 * v);
      }
    }
  }
}

void WritePcf(std::FILE* f) {
  std::fputs("DEFAULT_OPTIONS\n\nLEVEL               THREAD\nUNITS               NANOSEC\n\n", f);
  WritePcfStates(f);
  WritePcfEventTypes(f);
}

// Nodes as hosts ("nid0003"), CPUs as Extrae writes them ("12.nid0003"); the threads keep their
// default names.
void WriteRow(std::FILE* f, const Layout& layout) {
  std::fprintf(f, "LEVEL CPU SIZE %u\n", layout.cpus());
  for (std::uint32_t c = 0; c < layout.cpus(); ++c) {
    std::fprintf(f, "%u.nid%04u\n", c + 1, c / layout.cpus_per_node + 1);
  }
  std::fprintf(f, "\nLEVEL NODE SIZE %u\n", layout.nodes);
  for (std::uint32_t n = 0; n < layout.nodes; ++n) std::fprintf(f, "nid%04u\n", n + 1);
}

}  // namespace

bool WriteCompanions(const std::string& trace, const Options& options) {
  return WriteOutput("gen_prv", CompanionPath(trace, ".pcf"), WritePcf) &&
         WriteOutput("gen_prv", CompanionPath(trace, ".row"),
                     [&](std::FILE* f) { WriteRow(f, Layout(options)); });
}

}  // namespace tracedb::bench::prv
