#include "support/test_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

#include "format/paje/paje_format.h"
#include "format/paje/simulate_paje.h"
#include "input/input_file.h"
#include "model/input_error.h"
#include "output/dump_writer.h"

namespace tracedb::testing {
namespace {

constexpr const char* kDefinitions[] = {
    "PajeDefineContainerType 0|Alias string|Type string|Name string",
    "PajeDefineStateType 1|Alias string|Type string|Name string",
    "PajeDefineEventType 2|Alias string|Type string|Name string",
    "PajeDefineVariableType 3|Alias string|Type string|Name string|Color color",
    "PajeDefineLinkType 4|Alias string|Type string|StartContainerType string|"
    "EndContainerType string|Name string",
    "PajeDefineEntityValue 5|Alias string|Type string|Name string|Color color",
    "PajeCreateContainer 6|Time date|Alias string|Type string|Container string|Name string",
    "PajeDestroyContainer 7|Time date|Type string|Name string",
    "PajeSetState 8|Time date|Type string|Container string|Value string",
    "PajePushState 9|Time date|Type string|Container string|Value string",
    "PajePopState 10|Time date|Type string|Container string",
    "PajeResetState 11|Time date|Type string|Container string",
    "PajeNewEvent 12|Time date|Type string|Container string|Value string",
    "PajeSetVariable 13|Time date|Type string|Container string|Value double",
    "PajeAddVariable 14|Time date|Type string|Container string|Value double",
    "PajeSubVariable 15|Time date|Type string|Container string|Value double",
    "PajeStartLink 16|Time date|Type string|Container string|Value string|"
    "StartContainer string|Key string",
    "PajeEndLink 17|Time date|Type string|Container string|Value string|"
    "EndContainer string|Key string",
};

constexpr const char* kWorld =
    "0 N 0 Node\n"
    "0 T N Thread\n"
    "1 S T State\n"
    "2 E T Ev\n"
    "3 V T Var \"1 0 0\"\n"
    "4 L 0 T T Link\n"
    "6 0 n1 N 0 node1\n"
    "6 0 t1 T n1 thread1\n"
    "6 0 t2 T n1 thread2\n";

std::string Definitions() {
  std::string out;
  for (const char* def : kDefinitions) {
    std::stringstream parts(def);
    std::string part;
    std::getline(parts, part, '|');
    out += "%EventDef " + part + "\n";
    while (std::getline(parts, part, '|')) out += "% " + part + "\n";
    out += "%EndEventDef\n";
  }
  return out;
}

uint64_t CountLines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }

// A folder of this test process, removed when the process exits: ctest runs every test in a
// process of its own, so folders left behind would fill /tmp run after run. A sanitizer
// shard (scripts/test-sanitizers) runs a quarter of the tests in one, which share it.
struct ProcessTempDir {
  std::string path;
  ProcessTempDir()
      : path((std::filesystem::temp_directory_path() /
              ("tracedb-test-" + std::to_string(getpid())))
                 .string()) {
    std::filesystem::create_directories(path);
  }
  ~ProcessTempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

std::string TempDir() {
  static const ProcessTempDir dir;
  return dir.path;
}

// With TRACEDB_TEST_SEEDS=DIR, every file the tests write is also kept as
// DIR/HASH.EXT, EXT the written name's: how fuzz/corpus/ was seeded.
void KeepSeed(const std::string& name, std::string_view content) {
  const char* dir = std::getenv("TRACEDB_TEST_SEEDS");
  if (dir == nullptr || *dir == '\0') return;
  std::string hash = std::to_string(std::hash<std::string_view>{}(content));
  std::ofstream(std::string(dir) + "/" + hash + std::filesystem::path(name).extension().string(),
                std::ios::binary)
      << content;
}

}  // namespace

std::string Header() { return Definitions() + kWorld; }

uint64_t BodyLine(int k) { return CountLines(Header()) + k; }

const char* const kEveryKindBody =
    "8 1.0 S t1 A\n"
    "9 2.0 S t1 B\n"
    "10 3.0 S t1\n"
    "12 2.5 E t2 hello\n"
    "13 1.0 V t2 5\n"
    "14 2.0 V t2 2\n"
    "16 1.5 L 0 m t1 k1\n"
    "17 2.5 L 0 m t2 k1\n";

std::string WriteTempFile(const std::string& name, std::string_view content) {
  std::string path = TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << content;
  KeepSeed(name, content);
  return path;
}

std::vector<std::string> Sorted(std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::string ErrorAt(uint64_t line, const std::string& problem) {
  return TempDir() + "/trace.paje:" + std::to_string(line) + ": " + problem;
}

namespace {

void DumpTo(InputFile& input, const DumpPipelineOptions& options, Names names,
            const ReadCallbacks& callbacks, std::FILE* out) {
  if (names == Names::kResolvedAhead) {
    DumpTrace(input, paje::kPajeFormat, {}, options, callbacks, out);
    return;
  }
  Registry registry;
  DumpWriter writer(registry, out, DumpOptions{.user_fields = options.user_fields});
  paje::SimulateOptions simulate{.read = options.read, .pre_resolve = false};
  simulate.read.simulator.keep_extras = options.user_fields;
  paje::SimulatePajeTrace(input, simulate, callbacks, &registry, &writer);
  writer.Flush();
}

}  // namespace

DumpOutcome DumpRaw(std::string_view trace, DumpPipelineOptions options, Names names,
                    const ReadCallbacks& callbacks) {
  std::string path = WriteTempFile("trace.paje", trace);
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  DumpOutcome outcome;
  try {
    InputFile input(path);
    DumpTo(input, options, names, callbacks, out);
    outcome.ok = true;
  } catch (const InputError& e) {
    outcome.error = e.what();
  }
  std::fclose(out);
  std::stringstream text(std::string(buffer, size));
  std::free(buffer);
  for (std::string line; std::getline(text, line);) outcome.lines.push_back(line);
  outcome.lines = Sorted(outcome.lines);
  return outcome;
}

DumpOutcome Dump(std::string_view body, DumpPipelineOptions options,
                 const ReadCallbacks& callbacks) {
  return DumpRaw(Header() + std::string(body), options, Names::kResolvedAhead, callbacks);
}

std::vector<std::string> WorldContainers(const std::string& end) {
  return {"Container, 0, 0, 0, " + end + ", " + end + ", 0",
          "Container, 0, Node, 0, " + end + ", " + end + ", node1",
          "Container, node1, Thread, 0, " + end + ", " + end + ", thread1",
          "Container, node1, Thread, 0, " + end + ", " + end + ", thread2"};
}

std::string ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Expect(std::vector<std::vector<std::string>> parts) {
  std::vector<std::string> all;
  for (auto& part : parts) all.insert(all.end(), part.begin(), part.end());
  return Sorted(all);
}

namespace {

// Runs `BEFORE tracedb ARGS`, capturing what tracedb prints.
CliRun RunTracedb(const std::string& before, const std::string& args) {
  std::string out = WriteTempFile("cli.out", "");
  std::string err = WriteTempFile("cli.err", "");
  std::string command =
      before + std::string(TRACEDB_BINARY) + " " + args + " >" + out + " 2>" + err;
  int status = std::system(command.c_str());
  return CliRun{WEXITSTATUS(status), ReadWholeFile(out), ReadWholeFile(err)};
}

}  // namespace

bool WaitFor(const std::function<bool()>& done, std::chrono::seconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

CliRun Tracedb(const std::string& args) { return RunTracedb("", args); }

CliRun TracedbPiped(const std::string& producer, const std::string& args) {
  return RunTracedb(producer + " | ", args);
}

std::vector<std::string> SortedLines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return Sorted(lines);
}

std::vector<std::string> ConformanceTraces(CorpusCheck check) {
  std::vector<std::string> traces;
  std::string corpus = std::string(TRACEDB_SOURCE_DIR) + "/../shared/conformance";
  for (const char* folder : {"/paje", "/paraver"}) {
    if (!std::filesystem::is_directory(corpus + folder)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(corpus + folder)) {
      std::string ext = entry.path().extension().string();
      bool small = !kSanitizedBuild || entry.file_size() <= kSanitizedCorpusMaxBytes;
      if ((ext == ".trace" || ext == ".paje" || ext == ".prv" || ext == ".gz") && small) {
        traces.push_back(entry.path());
      }
    }
  }
  std::sort(traces.begin(), traces.end());
  if (!kSanitizedBuild) return traces;
  std::vector<std::string> third;
  for (size_t i = static_cast<size_t>(check); i < traces.size(); i += 3) third.push_back(traces[i]);
  return third;
}

int AcceptedConformanceTraces(CorpusCheck check) {
  constexpr int kSanitizedThirds[] = {13, 9, 11};
  return kSanitizedBuild ? kSanitizedThirds[static_cast<int>(check)] : 40;
}

}  // namespace tracedb::testing
