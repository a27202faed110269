// libFuzzer target: the OTF2 reader. An archive is a folder of files, so the
// input is one of them: a small valid archive (written once per process with
// the tests' writer, tests/support/otf2_archive.h) has its location 0's
// event file replaced by the input, and is read the way `tracedb dump -u
// ANCHOR` reads it. The archive's definitions give what event records name
// (regions 0 to 3, communicators 0 to 3 among them a COMM_SELF and an
// InterComm, metrics 0, 1 and the instance 5, locations 0 and 1), so that
// records of every kind can find them. Bad input must end in an InputError;
// a crash, a sanitizer report, any other exception, a leak, a hang, or
// output that is not UTF-8 is a finding.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "format/otf2/otf2_reader.h"
#include "fuzz_input.h"
#include "model/input_error.h"
#include "output/dump_writer.h"
#include "support/otf2_archive.h"

namespace tracedb::fuzz {
namespace {

using namespace tracedb::testing;

Otf2Archive Template() {
  Otf2Archive a;
  a.nodes = {{.id = 0, .name = "host", .class_name = "node"}};
  a.location_groups = {{.id = 0, .name = "Process 0", .parent = 0},
                       {.id = 1, .name = "Process 1", .parent = 0}};
  a.locations = {{.id = 0, .name = "Thread 0", .group = 0},
                 {.id = 1, .name = "Thread 0", .group = 1}};
  a.regions = {{.id = 0, .name = "main"},
               {.id = 1, .name = "MPI_Send"},
               {.id = 2, .name = "", .canonical_name = "anonymous"},
               {.id = 3, .name = std::nullopt}};
  a.groups = {{.id = 0, .name = "", .type = OTF2_GROUP_TYPE_COMM_LOCATIONS, .members = {0, 1}},
              {.id = 1, .name = "", .type = OTF2_GROUP_TYPE_COMM_GROUP, .members = {0, 1}},
              {.id = 2, .name = "", .type = OTF2_GROUP_TYPE_COMM_GROUP, .members = {1}},
              {.id = 3, .name = "", .type = OTF2_GROUP_TYPE_COMM_SELF},
              {.id = 4,
               .name = "",
               .type = OTF2_GROUP_TYPE_COMM_GROUP,
               .flags = OTF2_GROUP_FLAG_GLOBAL_MEMBERS}};
  a.comms = {{.id = 0, .name = "MPI_COMM_WORLD", .group = 1},
             {.id = 1, .name = "half", .group = 2},
             {.id = 2, .name = "self", .group = 3},
             {.id = 3, .name = "inter", .group = 1, .group_b = 2},
             {.id = 4, .name = "dup", .group = 4}};
  a.metric_members = {
      {.id = 0, .name = "counter", .mode = OTF2_METRIC_ACCUMULATED_START},
      {.id = 1, .name = "gauge", .mode = OTF2_METRIC_ABSOLUTE_POINT, .type = OTF2_TYPE_DOUBLE}};
  a.metric_classes = {{.id = 0, .members = {0}}, {.id = 1, .members = {0, 1}}};
  a.metric_instances = {{.id = 5, .metric_class = 1, .recorder = 1}};
  // Location 1's records: the input's messages and regions may meet them.
  a.records[1] = {Enter(5, 0),
                  MpiRecv(20, 0, 0, 1, 8),
                  MpiSend(25, 0, 0, 2, 8),
                  MpiIrecv(30, 0, 4, 3, 8, 7),
                  Metric(35, 1, {U64(10), F64(1.5)}),
                  MpiCollectiveEnd(40, OTF2_COLLECTIVE_OP_BCAST, 0, 0, 8, 8),
                  Leave(50, 0)};
  // Location 0's: replaced by the input; as written, a seed.
  a.records[0] = {Enter(0, 0),
                  Enter(5, 1),
                  MpiSend(10, 1, 0, 1, 8),
                  Leave(12, 1),
                  MpiRecv(26, 1, 0, 2, 0),
                  MpiIsend(27, 1, 4, 3, 8, 9),
                  MpiIsendComplete(28, 9),
                  Metric(29, 0, {U64(100)}),
                  MpiCollectiveBegin(30),
                  MpiCollectiveEnd(41, OTF2_COLLECTIVE_OP_BCAST, 0, 0, 8, 8),
                  Leave(60, 0)};
  return a;
}

// A folder of this process's own, removed at exit.
struct ScratchFolder {
  std::string path =
      (std::filesystem::temp_directory_path() / ("tracedb-fuzz-otf2-" + std::to_string(getpid())))
          .string();
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

// The archive's anchor, written at the first call.
const std::string& Anchor() {
  static const ScratchFolder folder;
  static const std::string anchor = WriteOtf2Archive(Template(), folder.path);
  return anchor;
}

}  // namespace
}  // namespace tracedb::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& anchor = tracedb::fuzz::Anchor();
  std::string events = std::filesystem::path(anchor).parent_path() / "traces/0.evt";
  std::ofstream(events, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  tracedb::Registry registry;
  tracedb::fuzz::Utf8Output out;
  tracedb::DumpWriter writer(registry, out.file(), {.user_fields = true});
  try {
    tracedb::otf2::ReadOtf2Trace(anchor, {.simulator = {.keep_extras = true}}, {}, &registry,
                                 &writer);
    writer.Flush();
  } catch (const tracedb::InputError&) {
  }
  return 0;
}
