#include "support/eztrace_run.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

#include "support/test_support.h"

namespace tracedb::testing {
namespace {

namespace fs = std::filesystem;

// Runs `command` in `folder`, its output into `log`; throws with the log
// when it fails.
void Run(const fs::path& folder, const std::string& command, const std::string& log) {
  std::string line = "cd '" + folder.string() + "' && " + command + " >" + log + " 2>&1";
  if (std::system(line.c_str()) != 0) {
    throw std::runtime_error("failed: " + command + "\n" + ReadWholeFile((folder / log).string()));
  }
}

fs::path Trace(const std::string& program) {
  fs::path source = fs::path(TRACEDB_SOURCE_DIR) / "tests/format/otf2/mpi" / (program + ".c");
  fs::path folder = fs::path(WriteTempFile(".eztrace", "")).parent_path() / "eztrace" / program;
  fs::remove_all(folder);
  fs::create_directories(folder);
  Run(folder, "mpicc -O1 -o " + program + " '" + source.string() + "'", "mpicc.log");
  // EZTrace writes PROGRAM_trace/ in the working folder. The timeout ends a
  // run that hangs (an MPI job whose rank died).
  Run(folder,
      "timeout 120 mpirun --allow-run-as-root --oversubscribe -np 4 eztrace -t openmpi ./" +
          program,
      "mpirun.log");
  fs::path archive = folder / (program + "_trace");
  if (!fs::is_regular_file(archive / "eztrace_log.otf2")) {
    throw std::runtime_error("EZTrace wrote no " + (archive / "eztrace_log.otf2").string() + "\n" +
                             ReadWholeFile((folder / "mpirun.log").string()));
  }
  return archive;
}

}  // namespace

std::string EztraceArchive(const std::string& program) {
  static std::mutex mutex;
  static std::map<std::string, std::string> traced;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = traced.find(program);
  if (found == traced.end()) found = traced.emplace(program, Trace(program).string()).first;
  return found->second;
}

}  // namespace tracedb::testing
