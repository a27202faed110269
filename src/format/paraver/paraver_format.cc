#include "format/paraver/paraver_format.h"

#include <filesystem>

#include "format/paraver/companion_files.h"
#include "format/paraver/header.h"
#include "format/paraver/paraver_reader.h"

namespace tracedb::paraver {
namespace {

constexpr const char* kPcf = "pcf";
constexpr const char* kRow = "row";

bool HasParaverName(std::string_view path) {
  return path.ends_with(".prv") || path.ends_with(".prv.gz");
}

Likeness Detect(std::string_view head, std::string_view path) {
  if (LooksLikeParaverHeader(head)) return Likeness::kCertain;
  return HasParaverName(path) ? Likeness::kByName : Likeness::kNo;
}

std::string Given(const std::vector<Companion>& given, std::string_view role) {
  for (const Companion& companion : given) {
    if (companion.role == role) return companion.path;
  }
  return "";
}

std::vector<Companion> Companions(const std::string& trace, const std::vector<Companion>& given) {
  ParaverFiles files = FindCompanions(trace, Given(given, kPcf), Given(given, kRow));
  std::vector<Companion> found;
  if (!files.pcf.empty()) found.push_back({kPcf, files.pcf});
  if (!files.row.empty()) found.push_back({kRow, files.row});
  return found;
}

// What a trace read without each companion lacks.
struct Role {
  const char* role;
  const char* extension;
  const char* lacking;
};
constexpr Role kRoles[] = {
    {kPcf, ".pcf", "states and events keep their numbers"},
    {kRow, ".row", "containers get default names such as THREAD 1.1.1"},
};

std::vector<std::string> Lacks(const std::string& trace, const std::vector<Companion>& found) {
  std::vector<std::string> warnings;
  for (const Role& role : kRoles) {
    if (!Given(found, role.role).empty()) continue;
    std::string option = std::string("--") + role.role;
    std::string name = std::filesystem::path(CompanionPath(trace, role.extension)).filename();
    std::string missing = trace == "-" ? std::string("no ") + role.extension + " with stdin"
                                       : "no " + name + " beside it";
    warnings.push_back(trace + ": " + missing + ", so " + role.lacking + " (" + option +
                       " names one)");
  }
  return warnings;
}

bool IsCompanion(std::string_view name) { return name.ends_with(".pcf") || name.ends_with(".row"); }

ReadResult Read(InputFile& input, const std::vector<Companion>& companions,
                const ReadOptions& options, const ReadCallbacks& callbacks, Registry* registry,
                EntitySink* sink) {
  ParaverFiles files{input.path(), Given(companions, kPcf), Given(companions, kRow)};
  return ReadParaverTrace(input, files, options, callbacks, registry, sink);
}

}  // namespace

const TraceFormat kParaverFormat{.name = "paraver",
                                 .title = "Paraver",
                                 .unit = "s",
                                 .records = "records",
                                 .parses_in_parallel = true,
                                 .detect = Detect,
                                 .companions = Companions,
                                 .lacks = Lacks,
                                 .is_companion = IsCompanion,
                                 .read = Read};

}  // namespace tracedb::paraver
