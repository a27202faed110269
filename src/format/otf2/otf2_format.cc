#include "format/otf2/otf2_format.h"

#include <filesystem>

#include "format/otf2/archive_files.h"
#include "format/otf2/otf2_reader.h"

namespace tracedb::otf2 {
namespace {

// The anchor's first bytes in every archive seen (Score-P, EZTrace, the
// library's writer).
constexpr std::string_view kSignature(
    "\x03"
    "BOTF2\0",
    7);

Likeness Detect(std::string_view head, std::string_view path) {
  if (head.starts_with(kSignature)) return Likeness::kCertain;
  return path.ends_with(".otf2") ? Likeness::kByName : Likeness::kNo;
}

std::vector<Companion> Companions(const std::string& trace, const std::vector<Companion>&) {
  std::vector<Companion> parts;
  if (trace == "-") return parts;
  std::filesystem::path base = std::filesystem::path(trace).parent_path();
  for (const std::string& part : ArchiveParts(trace)) {
    parts.push_back({.role = part, .path = (base / part).string()});
  }
  return parts;
}

std::vector<std::string> LacksNothing(const std::string&, const std::vector<Companion>&) {
  return {};
}

// An archive's files stay in its folder, which moves whole.
bool IsCompanion(std::string_view) { return false; }

ReadResult Read(InputFile& input, const std::vector<Companion>&, const ReadOptions& options,
                const ReadCallbacks& callbacks, Registry* registry, EntitySink* sink) {
  return ReadOtf2Trace(input.path(), options, callbacks, registry, sink);
}

}  // namespace

const TraceFormat kOtf2Format{.name = "otf2",
                              .title = "OTF2",
                              .unit = "s",
                              .records = "records",
                              .parses_in_parallel = false,
                              .detect = Detect,
                              .companions = Companions,
                              .lacks = LacksNothing,
                              .is_companion = IsCompanion,
                              .in_folder = AnchorInFolder,
                              .read = Read};

}  // namespace tracedb::otf2
