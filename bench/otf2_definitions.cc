#include "otf2_definitions.h"

#include <stdexcept>
#include <string>

namespace tracedb::bench {
namespace {

void Check(OTF2_ErrorCode code, const char* what) {
  if (code != OTF2_SUCCESS) {
    throw std::runtime_error(std::string(what) + ": " + OTF2_Error_GetDescription(code));
  }
}

// Strings: fixed ones first, then each rank's and node's names.
class Strings {
 public:
  explicit Strings(OTF2_GlobalDefWriter* writer) : writer_(writer) {}
  uint32_t Add(const std::string& text) {
    Check(OTF2_GlobalDefWriter_WriteString(writer_, next_, text.c_str()), "string");
    return next_++;
  }

 private:
  OTF2_GlobalDefWriter* writer_;
  uint32_t next_ = 0;
};

void WriteRegions(OTF2_GlobalDefWriter* w, Strings& strings) {
  for (uint32_t id = kMain; id <= kAllreduce; ++id) {
    uint32_t name = strings.Add(kRegionNames[id]);
    bool mpi = id >= kSend;
    Check(OTF2_GlobalDefWriter_WriteRegion(w, id, name, name, name,
                                           mpi ? OTF2_REGION_ROLE_FUNCTION : OTF2_REGION_ROLE_CODE,
                                           mpi ? OTF2_PARADIGM_MPI : OTF2_PARADIGM_USER,
                                           OTF2_REGION_FLAG_NONE, OTF2_UNDEFINED_STRING, 0, 0),
          "region");
  }
}

void WriteSystemTree(OTF2_GlobalDefWriter* w, Strings& strings, uint32_t ranks,
                     const std::vector<uint64_t>& events) {
  uint32_t machine = strings.Add("machine"), node = strings.Add("node");
  Check(OTF2_GlobalDefWriter_WriteSystemTreeNode(w, 0, strings.Add("cluster"), machine,
                                                 OTF2_UNDEFINED_SYSTEM_TREE_NODE),
        "system tree node");
  uint32_t thread = strings.Add("Master thread");
  for (uint32_t r = 0; r < ranks; ++r) {
    uint32_t node_id = 1 + r / 4;
    if (r % 4 == 0) {
      Check(OTF2_GlobalDefWriter_WriteSystemTreeNode(
                w, node_id, strings.Add("node" + std::to_string(node_id)), node, 0),
            "system tree node");
    }
    Check(OTF2_GlobalDefWriter_WriteLocationGroup(w, r, strings.Add("Rank " + std::to_string(r)),
                                                  OTF2_LOCATION_GROUP_TYPE_PROCESS, node_id,
                                                  OTF2_UNDEFINED_LOCATION_GROUP),
          "location group");
    Check(OTF2_GlobalDefWriter_WriteLocation(w, r, thread, OTF2_LOCATION_TYPE_CPU_THREAD, events[r],
                                             r),
          "location");
  }
}

void WriteCommunicator(OTF2_GlobalDefWriter* w, Strings& strings, uint32_t ranks) {
  std::vector<uint64_t> members(ranks);
  for (uint32_t r = 0; r < ranks; ++r) members[r] = r;
  uint32_t name = strings.Add("MPI_COMM_WORLD");
  Check(
      OTF2_GlobalDefWriter_WriteGroup(w, 0, name, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                      OTF2_GROUP_FLAG_NONE, ranks, members.data()),
      "group");
  Check(OTF2_GlobalDefWriter_WriteGroup(w, 1, name, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, ranks, members.data()),
        "group");
  Check(
      OTF2_GlobalDefWriter_WriteComm(w, kWorld, name, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE),
      "comm");
}

void WriteMetric(OTF2_GlobalDefWriter* w, Strings& strings) {
  Check(OTF2_GlobalDefWriter_WriteMetricMember(
            w, 0, strings.Add("PAPI_TOT_INS"), strings.Add("instructions completed"),
            OTF2_METRIC_TYPE_PAPI, OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64,
            OTF2_BASE_DECIMAL, 0, strings.Add("#")),
        "metric member");
  OTF2_MetricMemberRef member = 0;
  Check(OTF2_GlobalDefWriter_WriteMetricClass(
            w, kInstructions, 1, &member, OTF2_METRIC_SYNCHRONOUS_STRICT, OTF2_RECORDER_KIND_CPU),
        "metric class");
}

}  // namespace

void WriteOtf2Definitions(OTF2_Archive* archive, uint32_t ranks,
                          const std::vector<uint64_t>& events, uint64_t trace_ticks) {
  OTF2_GlobalDefWriter* w = OTF2_Archive_GetGlobalDefWriter(archive);
  if (w == nullptr) throw std::runtime_error("no global definition writer");
  Check(OTF2_GlobalDefWriter_WriteClockProperties(w, kTicksPerSecond, 0, trace_ticks,
                                                  OTF2_UNDEFINED_TIMESTAMP),
        "clock properties");
  Strings strings(w);
  WriteRegions(w, strings);
  WriteSystemTree(w, strings, ranks, events);
  WriteCommunicator(w, strings, ranks);
  WriteMetric(w, strings);
}

}  // namespace tracedb::bench
