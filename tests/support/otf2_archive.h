// OTF2 archives written at test time with the OTF2 writer API: a plain
// description of the definitions and of each location's records, and the
// function that writes it as NAME.otf2, NAME.def and NAME/ID.evt (and
// NAME/ID.def where a location has local definitions) in a folder. The
// writer checks nothing: a description may hold what no tracer writes (an
// undefined region, time going backwards), for the reader's errors.
//
// Names are texts; the writer numbers the strings itself. Ids are the
// description's own, sparse and in any order, as EZTrace's are.
//
// Needs only the OTF2 library and the standard library (the fuzz target
// compiles it too). Plain data; WriteOtf2Archive may run on any thread, one
// archive at a time per folder.
#pragma once

#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tracedb::testing {

struct Otf2NodeDef {
  uint32_t id;
  std::string name;
  std::string class_name;  // "machine", "node"
  uint32_t parent = OTF2_UNDEFINED_SYSTEM_TREE_NODE;
};

struct Otf2LocationGroupDef {
  uint32_t id;
  std::string name;
  OTF2_LocationGroupType type = OTF2_LOCATION_GROUP_TYPE_PROCESS;
  uint32_t parent = OTF2_UNDEFINED_SYSTEM_TREE_NODE;  // a system tree node
};

struct Otf2LocationDef {
  uint64_t id;
  std::string name;
  uint32_t group;
  OTF2_LocationType type = OTF2_LOCATION_TYPE_CPU_THREAD;
};

struct Otf2RegionDef {
  uint32_t id;
  std::optional<std::string> name;  // nullopt: the undefined string
  std::optional<std::string> canonical_name;
};

struct Otf2GroupDef {
  uint32_t id;
  std::string name;
  OTF2_GroupType type;  // COMM_LOCATIONS, COMM_GROUP, COMM_SELF...
  std::vector<uint64_t> members;
  OTF2_GroupFlag flags = OTF2_GROUP_FLAG_NONE;
  OTF2_Paradigm paradigm = OTF2_PARADIGM_MPI;
};

struct Otf2CommDef {
  uint32_t id;
  std::string name;
  uint32_t group;
  // An InterComm between `group` and `group_b`, when set.
  std::optional<uint32_t> group_b;
};

struct Otf2MetricMemberDef {
  uint32_t id;
  std::string name;
  OTF2_MetricMode mode;  // OTF2_METRIC_ACCUMULATED_START, OTF2_METRIC_ABSOLUTE_POINT...
  OTF2_Type type = OTF2_TYPE_UINT64;
};

struct Otf2MetricClassDef {
  uint32_t id;
  std::vector<uint32_t> members;
};

struct Otf2MetricInstanceDef {
  uint32_t id;
  uint32_t metric_class;
  uint64_t recorder;  // a location
};

// One value of a Metric record.
struct Otf2Value {
  OTF2_Type type;
  OTF2_MetricValue value;
};
Otf2Value U64(uint64_t value);
Otf2Value I64(int64_t value);
Otf2Value F64(double value);

// One event record of a location. Which fields count depends on `kind`;
// the functions below make each kind.
struct Otf2Record {
  enum class Kind {
    kEnter,
    kLeave,
    kMpiSend,
    kMpiIsend,
    kMpiIsendComplete,
    kMpiIrecvRequest,
    kMpiRecv,
    kMpiIrecv,
    kMpiRequestCancelled,
    kMpiCollectiveBegin,
    kMpiCollectiveEnd,
    kMetric,
    kThreadTeamBegin,
    kThreadTeamEnd,
    kMeasurementOnOff,
  };
  Kind kind;
  uint64_t time;                  // ticks
  uint32_t ref = 0;               // region, metric; the operation of a collective
  uint32_t peer = 0;              // the receiver's or sender's rank; the root of a collective
  uint32_t comm = 0;              // messages, collectives
  uint32_t tag = 0;               // messages
  uint64_t length = 0;            // messages; the bytes sent of a collective
  uint64_t received = 0;          // the bytes received of a collective
  uint64_t request = 0;           // non-blocking records
  std::vector<Otf2Value> values;  // metric
};

Otf2Record Enter(uint64_t time, uint32_t region);
Otf2Record Leave(uint64_t time, uint32_t region);
Otf2Record MpiSend(uint64_t time, uint32_t receiver, uint32_t comm, uint32_t tag, uint64_t length);
Otf2Record MpiIsend(uint64_t time, uint32_t receiver, uint32_t comm, uint32_t tag, uint64_t length,
                    uint64_t request);
Otf2Record MpiIsendComplete(uint64_t time, uint64_t request);
Otf2Record MpiIrecvRequest(uint64_t time, uint64_t request);
Otf2Record MpiRecv(uint64_t time, uint32_t sender, uint32_t comm, uint32_t tag, uint64_t length);
Otf2Record MpiIrecv(uint64_t time, uint32_t sender, uint32_t comm, uint32_t tag, uint64_t length,
                    uint64_t request);
Otf2Record MpiRequestCancelled(uint64_t time, uint64_t request);
Otf2Record MpiCollectiveBegin(uint64_t time);
// `root`: OTF2_UNDEFINED_UINT32 for none.
Otf2Record MpiCollectiveEnd(uint64_t time, OTF2_CollectiveOp operation, uint32_t comm,
                            uint32_t root, uint64_t sent, uint64_t received);
Otf2Record Metric(uint64_t time, uint32_t metric, std::vector<Otf2Value> values);
Otf2Record ThreadTeamBegin(uint64_t time);
Otf2Record ThreadTeamEnd(uint64_t time);
Otf2Record MeasurementOnOff(uint64_t time);

// A location's local definitions: mapping tables from the ids its records
// use to global ids (OTF2_MAPPING_COMM, OTF2_MAPPING_REGION...).
struct Otf2Mapping {
  OTF2_MappingType type;
  std::map<uint64_t, uint64_t> ids;  // local -> global
};

struct Otf2Archive {
  // ClockProperties: ticks per second and the tick of time zero; none at
  // all without `clock`.
  uint64_t resolution = 1000;
  uint64_t offset = 0;
  bool clock = true;
  std::vector<Otf2NodeDef> nodes;
  std::vector<Otf2LocationGroupDef> location_groups;
  std::vector<Otf2LocationDef> locations;
  std::vector<Otf2RegionDef> regions;
  std::vector<Otf2GroupDef> groups;
  std::vector<Otf2CommDef> comms;
  std::vector<Otf2MetricMemberDef> metric_members;
  std::vector<Otf2MetricClassDef> metric_classes;
  std::vector<Otf2MetricInstanceDef> metric_instances;
  // Each location's records, in file order (the writer keeps them as
  // given). Every defined location gets an event file, empty when it has
  // no records here.
  std::map<uint64_t, std::vector<Otf2Record>> records;
  // Local definitions: a location named here gets ID.def with these tables.
  std::map<uint64_t, std::vector<Otf2Mapping>> local;
};

// Writes `archive` into `folder` (made if missing) as NAME.otf2 and the
// rest; returns the anchor's path. Throws std::runtime_error when the
// library refuses.
std::string WriteOtf2Archive(const Otf2Archive& archive, const std::string& folder,
                             const std::string& name = "traces");

// Rewrites, in event file `evt_file`, the timestamp `from` (it must occur
// exactly once) as `to`: the writer refuses a record earlier than the one
// before it on its location, which a broken tracer may still leave. A
// timestamp is stored as the byte 0x05 and 8 bytes, little-endian, before
// the records of that time. Throws std::runtime_error when `from` is not
// there exactly once.
void RewriteTimestamp(const std::string& evt_file, uint64_t from, uint64_t to);

}  // namespace tracedb::testing
