#include "support/paraver_test_support.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>

#include "input/input_file.h"
#include "model/input_error.h"
#include "output/dump_writer.h"

namespace tracedb::testing {

std::string NoCompanionWarnings(const std::string& path, bool pcf, bool row) {
  std::filesystem::path base = std::filesystem::path(path).filename();
  if (base.extension() == ".gz") base.replace_extension();
  auto missing = [&](const std::string& extension) {
    return path == "-" ? extension + " with stdin"
                       : base.stem().string() + extension + " beside it";
  };
  std::string warnings;
  if (pcf) {
    warnings += "tracedb: warning: " + path + ": no " + missing(".pcf") +
                ", so states and events keep their numbers (--pcf names one)\n";
  }
  if (row) {
    warnings += "tracedb: warning: " + path + ": no " + missing(".row") +
                ", so containers get default names such as THREAD 1.1.1 (--row names one)\n";
  }
  return warnings;
}

std::string WriteParaverTrace(const std::string& name, const std::string& prv,
                              const std::string& pcf, const std::string& row) {
  std::string path = WriteTempFile(name + ".prv", prv);
  std::filesystem::remove(std::filesystem::path(path).replace_extension(".pcf"));
  std::filesystem::remove(std::filesystem::path(path).replace_extension(".row"));
  if (!pcf.empty()) WriteTempFile(name + ".pcf", pcf);
  if (!row.empty()) WriteTempFile(name + ".row", row);
  return path;
}

namespace {

// What `read` (a ReadParaverTrace into the registry and the writer) prints,
// as `tracedb dump [-u]` would.
DumpOutcome CaptureDump(bool user_fields, const std::function<void(Registry*, DumpWriter*)>& read) {
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  DumpOutcome outcome;
  {
    Registry registry;
    DumpWriter writer(registry, out, DumpOptions{.user_fields = user_fields});
    try {
      read(&registry, &writer);
      writer.Flush();
      outcome.ok = true;
    } catch (const InputError& e) {
      outcome.error = e.what();
    }
  }
  std::fclose(out);
  outcome.lines = SortedLines(std::string(buffer, size));
  std::free(buffer);
  if (!outcome.ok) outcome.lines.clear();
  return outcome;
}

}  // namespace

DumpOutcome DumpParaverFile(const std::string& prv_path, ReadOptions options,
                            const ReadCallbacks& callbacks, size_t recent_values) {
  return CaptureDump(options.simulator.keep_extras, [&](Registry* registry, DumpWriter* writer) {
    InputFile trace(prv_path);
    paraver::ReadParaverTrace(trace, paraver::FindCompanions(prv_path, "", ""), options,
                              callbacks, registry, writer, recent_values);
  });
}

DumpOutcome DumpParaverBytes(const std::string& name, const std::string& prv, ReadOptions options) {
  return CaptureDump(options.simulator.keep_extras, [&](Registry* registry, DumpWriter* writer) {
    InputFile file(name, prv);
    paraver::ReadParaverTrace(file, {.trace = name}, options, {}, registry, writer);
  });
}

DumpOutcome DumpParaver(const std::string& prv, const std::string& pcf, const std::string& row) {
  return DumpParaverFile(WriteParaverTrace("trace", prv, pcf, row));
}

std::string ParaverErrorAt(uint64_t line, const std::string& problem) {
  std::string path = std::filesystem::path(WriteTempFile("probe", "")).parent_path() / "trace.prv";
  return path + ":" + std::to_string(line) + ": " + problem;
}

}  // namespace tracedb::testing
