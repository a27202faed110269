#include "format/otf2/collective_events.h"

#include <iterator>

namespace tracedb::otf2 {
namespace {

// OTF2_CollectiveOp 0 to 22, in order.
constexpr const char* kOperations[] = {
    "BARRIER",
    "BCAST",
    "GATHER",
    "GATHERV",
    "SCATTER",
    "SCATTERV",
    "ALLGATHER",
    "ALLGATHERV",
    "ALLTOALL",
    "ALLTOALLV",
    "ALLTOALLW",
    "ALLREDUCE",
    "REDUCE",
    "REDUCE_SCATTER",
    "SCAN",
    "EXSCAN",
    "REDUCE_SCATTER_BLOCK",
    "CREATE_HANDLE",
    "DESTROY_HANDLE",
    "ALLOCATE",
    "DEALLOCATE",
    "CREATE_HANDLE_AND_ALLOCATE",
    "DESTROY_HANDLE_AND_DEALLOCATE",
};

ExtraField Number(const char* name, std::string text) {
  return {.name = name, .value = std::move(text), .type = FieldType::kNumber};
}

}  // namespace

std::string CollectiveName(uint32_t operation) {
  if (operation < std::size(kOperations)) return kOperations[operation];
  return std::to_string(operation);
}

void CollectiveEvents::End(const LocationRecord& location, uint64_t timestamp, const TimeBase& time,
                           const CollectiveEnd& record) {
  uint32_t parent = types_->registry().container(location.container).type;
  uint32_t type = types_->Type("MPI collective", TypeKind::kEvent, parent);
  std::string comm_name = d_.Text(d_.comms.at(record.comm).name);  // RecordMapper checked it
  // "root": null when the record has none (otf2-print: "Root: NONE").
  std::string root = record.root == OTF2_UNDEFINED_UINT32 ? "null" : std::to_string(record.root);
  sink_->OnEvent({.container = location.container,
                  .type = type,
                  .value = types_->Value(type, CollectiveName(record.operation)),
                  .time = time.Seconds(timestamp),
                  .extras = {{.name = "communicator", .value = comm_name},
                             Number("root", root),
                             Number("bytes_sent", std::to_string(record.sent)),
                             Number("bytes_received", std::to_string(record.received))}});
}

}  // namespace tracedb::otf2
