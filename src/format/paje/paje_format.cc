#include "format/paje/paje_format.h"

#include "format/paje/block_parser.h"
#include "format/paje/simulate_paje.h"

namespace tracedb::paje {
namespace {

bool HasPajeName(std::string_view path) {
  for (std::string_view ending : {".paje", ".trace", ".paje.gz", ".trace.gz"}) {
    if (path.ends_with(ending)) return true;
  }
  return false;
}

// A Pajé trace opens with its header ("%EventDef PajeNewEvent 12"), after
// blank lines and "#" comments at most: its events need definitions first.
Likeness Detect(std::string_view head, std::string_view path) {
  while (!head.empty()) {
    size_t end = head.find('\n');
    std::string_view line = head.substr(0, end);
    if (IsHeaderLine(line)) return Likeness::kPlausible;
    size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line[first] != '#') break;
    if (end == std::string_view::npos) return Likeness::kFallback;  // a comment, cut short
    head.remove_prefix(end + 1);
  }
  // The first line is something else (or there were only blank lines): the
  // name may still say Pajé, and the reader then says what is wrong.
  return HasPajeName(path) || head.empty() ? Likeness::kFallback : Likeness::kNo;
}

std::vector<Companion> NoCompanions(const std::string&, const std::vector<Companion>&) {
  return {};
}

std::vector<std::string> LacksNothing(const std::string&, const std::vector<Companion>&) {
  return {};
}

bool IsCompanion(std::string_view) { return false; }

ReadResult Read(InputFile& input, const std::vector<Companion>&, const ReadOptions& options,
                const ReadCallbacks& callbacks, Registry* registry, EntitySink* sink) {
  return SimulatePajeTrace(input, {.read = options}, callbacks, registry, sink);
}

}  // namespace

const TraceFormat kPajeFormat{.name = "paje",
                              .title = "Pajé",
                              .unit = "",
                              .records = "events",
                              .parses_in_parallel = true,
                              .detect = Detect,
                              .companions = NoCompanions,
                              .lacks = LacksNothing,
                              .is_companion = IsCompanion,
                              .read = Read};

}  // namespace tracedb::paje
