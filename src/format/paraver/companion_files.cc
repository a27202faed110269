#include "format/paraver/companion_files.h"

#include <filesystem>

#include "input/input_file.h"

namespace tracedb::paraver {
namespace {

namespace fs = std::filesystem;

std::string Existing(const fs::path& path) {
  std::error_code error;
  return fs::is_regular_file(path, error) ? path.string() : std::string();
}

}  // namespace

std::string CompanionPath(const std::string& trace, const char* extension) {
  fs::path base(trace);
  if (base.extension() == ".gz") base.replace_extension();
  base.replace_extension();  // .prv, or whatever the name ends with
  return base.concat(extension).string();
}

ParaverFiles FindCompanions(const std::string& trace, const std::string& pcf,
                            const std::string& row) {
  ParaverFiles files{trace, pcf, row};
  if (trace == "-") return files;
  if (files.pcf.empty()) files.pcf = Existing(CompanionPath(trace, ".pcf"));
  if (files.row.empty()) files.row = Existing(CompanionPath(trace, ".row"));
  return files;
}

std::string ReadSmallFile(const std::string& path) {
  InputFile file(path);
  std::string text;
  char buffer[1 << 16];
  while (size_t got = file.Read(buffer, sizeof buffer)) text.append(buffer, got);
  return text;
}

}  // namespace tracedb::paraver
