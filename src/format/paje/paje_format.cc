#include "format/paje/paje_format.h"

#include "format/paje/simulate_paje.h"

namespace tracedb::paje {
namespace {

Likeness Detect(std::string_view, std::string_view) { return Likeness::kFallback; }

std::vector<Companion> NoCompanions(const std::string&, const std::vector<Companion>&) {
  return {};
}

bool IsCompanion(std::string_view) { return false; }

ReadResult Read(InputFile& input, const std::vector<Companion>&, const ReadOptions& options,
                Registry* registry, EntitySink* sink) {
  return SimulatePajeTrace(input, {.read = options}, registry, sink);
}

}  // namespace

const TraceFormat kPajeFormat{.name = "paje",
                              .records = "events",
                              .detect = Detect,
                              .companions = NoCompanions,
                              .is_companion = IsCompanion,
                              .read = Read};

}  // namespace tracedb::paje
