#include "hostile_inputs.h"

#include <sys/stat.h>
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/otf2_archive.h"
#include "support/test_support.h"

namespace tracedb::testing {
namespace {

namespace fs = std::filesystem;

void WriteBytes(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string ReadBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The gzip file zlib writes for `text`.
std::string Gzipped(const fs::path& scratch, const std::string& text) {
  gzFile gz = gzopen(scratch.c_str(), "wb");
  if (gz == nullptr) throw std::runtime_error("gzopen failed");
  if (!text.empty()) gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  std::string bytes = ReadBytes(scratch);
  fs::remove(scratch);
  return bytes;
}

// The bytes a row's file holds, for the shapes that have a file.
std::string FileBytes(const Input& input, const fs::path& scratch) {
  std::string text = input.generate ? input.generate() : input.content;
  switch (input.shape) {
    case Shape::kGzip:
      return Gzipped(scratch, text);
    case Shape::kGzipCutInHalf: {
      std::string gz = Gzipped(scratch, text);
      return gz.substr(0, gz.size() / 2);
    }
    case Shape::kGzipBadChecksum: {
      std::string gz = Gzipped(scratch, text);
      gz[gz.size() - 8] ^= 0x5a;  // the trailer: CRC-32, then the length
      return gz;
    }
    default:
      return text;
  }
}

}  // namespace

bool IsParaverName(const std::string& file) {
  return file.ends_with(".prv") || file.ends_with(".prv.gz");
}

WrittenTrace WriteInput(const Input& input, const std::string& row_name) {
  fs::path folder = fs::path(WriteTempFile(".hostile", "")).parent_path() / "hostile" / row_name;
  fs::remove_all(folder);
  fs::create_directories(folder);
  fs::path path = input.shape == Shape::kDevZero ? fs::path("/dev/zero") : folder / input.file;
  WrittenTrace trace{.folder = folder.string()};
  if (input.archive != nullptr) {
    input.archive(folder.string());
  } else if (input.shape == Shape::kDirectory) {
    fs::create_directories(path);
  } else if (input.shape == Shape::kFifo) {
    std::string source = (folder / "fifo-source").string();
    WriteBytes(source, FileBytes(input, folder / "scratch.gz"));
    if (mkfifo(path.c_str(), 0600) != 0) throw std::runtime_error("mkfifo failed");
    trace.run_options = {.fifo = path.string(), .fifo_source = source};
  } else if (input.shape != Shape::kMissing && input.shape != Shape::kDevZero) {
    WriteBytes(path, FileBytes(input, folder / "scratch.gz"));
    if (input.shape == Shape::kUnreadable) chmod(path.c_str(), 0);
  }
  if (!input.pcf.empty()) WriteBytes(folder / "trace.pcf", input.pcf);
  if (!input.row.empty()) WriteBytes(folder / "trace.row", input.row);

  if (input.feed == Feed::kPath) {
    trace.args = {path.string()};
    trace.shown = path.string();
    return trace;
  }
  // stdin is read as Pajé unless told otherwise.
  if (IsParaverName(input.file)) trace.args = {"--format", "paraver"};
  trace.args.push_back("-");
  trace.shown = "-";
  trace.run_options = {
      .stdin_from = input.feed == Feed::kStdinPipe ? StdinFrom::kPipe : StdinFrom::kFile,
      .stdin_path = path.string()};
  return trace;
}

std::string NameFile(std::string text, const std::string& shown) {
  const std::string placeholder = "{FILE}";
  for (size_t at = text.find(placeholder); at != std::string::npos;
       at = text.find(placeholder, at + shown.size())) {
    text.replace(at, placeholder.size(), shown);
  }
  return text;
}

Input Paje(const std::string& body, Shape shape, Feed feed) {
  std::string file = "trace.paje";
  if (shape == Shape::kGzip || shape == Shape::kGzipCutInHalf || shape == Shape::kGzipBadChecksum) {
    file += ".gz";
  }
  return Input{.file = file, .content = Header() + body, .shape = shape, .feed = feed};
}

std::string PajeAt(int k, const std::string& problem) {
  return "{FILE}:" + std::to_string(BodyLine(k)) + ": " + problem;
}

// Two nodes of two CPUs; one application of two tasks, one thread each:
// thread 1.1.1 on node 1 (CPUs 1 and 2), thread 1.2.1 on node 2 (CPUs 3, 4).
// Times in microseconds; the trace ends at 2000 us at least.
const char* const kPrvHeader = "#Paraver (09/10/2019 at 16:08):2000_us:2(2,2):1:2(1:1,1:2)\n";

Input Prv(const std::string& records, const std::string& pcf, const std::string& row) {
  return Input{.file = "trace.prv", .content = kPrvHeader + records, .pcf = pcf, .row = row};
}

std::string PrvAt(int line, const std::string& problem) {
  return "{FILE}:" + std::to_string(line) + ": " + problem;
}

std::vector<std::string> PrvContainers(const std::string& t1, const std::string& t2) {
  return {"Container, 0, 0, 0, 0.002, 0.002, 0",
          "Container, 0, Application, 0, 0.002, 0.002, APPL 1",
          "Container, APPL 1, Task, 0, 0.002, 0.002, TASK 1.1",
          "Container, TASK 1.1, Thread, 0, 0.002, 0.002, " + t1,
          "Container, APPL 1, Task, 0, 0.002, 0.002, TASK 1.2",
          "Container, TASK 1.2, Thread, 0, 0.002, 0.002, " + t2,
          "Container, 0, Node, 0, 0.002, 0.002, NODE 1",
          "Container, NODE 1, CPU, 0, 0.002, 0.002, CPU 1",
          "Container, NODE 1, CPU, 0, 0.002, 0.002, CPU 2",
          "Container, 0, Node, 0, 0.002, 0.002, NODE 2",
          "Container, NODE 2, CPU, 0, 0.002, 0.002, CPU 3",
          "Container, NODE 2, CPU, 0, 0.002, 0.002, CPU 4"};
}

Input Otf2(void (*write)(const std::string& folder)) {
  return Input{.file = "traces.otf2", .archive = write};
}

void WriteOtf2Pair(const std::string& folder, int records) {
  Otf2Archive archive;
  archive.nodes = {{.id = 0, .name = "host", .class_name = "node"}};
  archive.location_groups = {{.id = 0, .name = "Process 0", .parent = 0},
                             {.id = 1, .name = "Process 1", .parent = 0}};
  archive.locations = {{.id = 0, .name = "Thread 0", .group = 0},
                       {.id = 1, .name = "Thread 0", .group = 1}};
  archive.regions = {{.id = 0, .name = "main"}};
  archive.groups = {
      {.id = 0, .name = "", .type = OTF2_GROUP_TYPE_COMM_LOCATIONS, .members = {0, 1}},
      {.id = 1, .name = "", .type = OTF2_GROUP_TYPE_COMM_GROUP, .members = {0, 1}}};
  archive.comms = {{.id = 0, .name = "MPI_COMM_WORLD", .group = 1}};
  archive.records[0] = {Enter(0, 0), MpiSend(10, 1, 0, 5, 66), Leave(30, 0)};
  archive.records[1] = {Enter(5, 0), MpiRecv(20, 0, 0, 5, 0), Leave(40, 0)};
  for (int i = 0; i < records; ++i) {
    archive.records[0].push_back(Enter(100 + 2 * i, 0));
    archive.records[0].push_back(Leave(101 + 2 * i, 0));
  }
  for (uint64_t location : {0, 1}) {
    archive.local[location] = {{.type = OTF2_MAPPING_REGION, .ids = {{50, 0}}}};
  }
  WriteOtf2Archive(archive, folder);
}

std::string Fixed(double n) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6f", n);
  return text;
}

}  // namespace tracedb::testing
