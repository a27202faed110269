#include "support/otf2_archive.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <utility>

namespace tracedb::testing {
namespace {

void Check(OTF2_ErrorCode code, const char* what) {
  if (code != OTF2_SUCCESS) {
    throw std::runtime_error(std::string("OTF2 writer: ") + what + ": " +
                             OTF2_Error_GetDescription(code));
  }
}

OTF2_FlushType PreFlush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
OTF2_TimeStamp PostFlush(void*, OTF2_FileType, OTF2_LocationRef) { return 0; }
OTF2_FlushCallbacks kFlush = {PreFlush, PostFlush};

struct ArchiveCloser {
  void operator()(OTF2_Archive* archive) const { OTF2_Archive_Close(archive); }
};

// The strings of the global definitions, numbered as first used.
class Strings {
 public:
  explicit Strings(OTF2_GlobalDefWriter* writer) : writer_(writer) {}
  uint32_t Of(const std::string& text) {
    auto [it, added] = ids_.emplace(text, static_cast<uint32_t>(ids_.size()));
    if (added) Check(OTF2_GlobalDefWriter_WriteString(writer_, it->second, text.c_str()), "string");
    return it->second;
  }
  uint32_t OfOptional(const std::optional<std::string>& text) {
    return text ? Of(*text) : OTF2_UNDEFINED_STRING;
  }

 private:
  OTF2_GlobalDefWriter* writer_;
  std::map<std::string, uint32_t> ids_;
};

Otf2Record Make(Otf2Record::Kind kind, uint64_t time) {
  return Otf2Record{.kind = kind, .time = time};
}

void WriteRecord(OTF2_EvtWriter* w, const Otf2Record& r) {
  using Kind = Otf2Record::Kind;
  switch (r.kind) {
    case Kind::kEnter:
      return Check(OTF2_EvtWriter_Enter(w, nullptr, r.time, r.ref), "Enter");
    case Kind::kLeave:
      return Check(OTF2_EvtWriter_Leave(w, nullptr, r.time, r.ref), "Leave");
    case Kind::kMpiSend:
      return Check(OTF2_EvtWriter_MpiSend(w, nullptr, r.time, r.peer, r.comm, r.tag, r.length),
                   "MpiSend");
    case Kind::kMpiIsend:
      return Check(
          OTF2_EvtWriter_MpiIsend(w, nullptr, r.time, r.peer, r.comm, r.tag, r.length, r.request),
          "MpiIsend");
    case Kind::kMpiIsendComplete:
      return Check(OTF2_EvtWriter_MpiIsendComplete(w, nullptr, r.time, r.request),
                   "MpiIsendComplete");
    case Kind::kMpiIrecvRequest:
      return Check(OTF2_EvtWriter_MpiIrecvRequest(w, nullptr, r.time, r.request),
                   "MpiIrecvRequest");
    case Kind::kMpiRecv:
      return Check(OTF2_EvtWriter_MpiRecv(w, nullptr, r.time, r.peer, r.comm, r.tag, r.length),
                   "MpiRecv");
    case Kind::kMpiIrecv:
      return Check(
          OTF2_EvtWriter_MpiIrecv(w, nullptr, r.time, r.peer, r.comm, r.tag, r.length, r.request),
          "MpiIrecv");
    case Kind::kMpiRequestCancelled:
      return Check(OTF2_EvtWriter_MpiRequestCancelled(w, nullptr, r.time, r.request),
                   "MpiRequestCancelled");
    case Kind::kMpiCollectiveBegin:
      return Check(OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, r.time), "MpiCollectiveBegin");
    case Kind::kMpiCollectiveEnd:
      return Check(
          OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, r.time, static_cast<OTF2_CollectiveOp>(r.ref),
                                          r.comm, r.peer, r.length, r.received),
          "MpiCollectiveEnd");
    case Kind::kMetric: {
      std::vector<OTF2_Type> types;
      std::vector<OTF2_MetricValue> values;
      for (const Otf2Value& v : r.values) {
        types.push_back(v.type);
        values.push_back(v.value);
      }
      return Check(
          OTF2_EvtWriter_Metric(w, nullptr, r.time, r.ref, static_cast<uint8_t>(values.size()),
                                types.data(), values.data()),
          "Metric");
    }
    case Kind::kThreadTeamBegin:
      return Check(OTF2_EvtWriter_ThreadTeamBegin(w, nullptr, r.time, r.comm), "ThreadTeamBegin");
    case Kind::kThreadTeamEnd:
      return Check(OTF2_EvtWriter_ThreadTeamEnd(w, nullptr, r.time, r.comm), "ThreadTeamEnd");
    case Kind::kMeasurementOnOff:
      return Check(OTF2_EvtWriter_MeasurementOnOff(w, nullptr, r.time, OTF2_MEASUREMENT_ON),
                   "MeasurementOnOff");
  }
}

void WriteEvents(OTF2_Archive* archive, const Otf2Archive& a) {
  Check(OTF2_Archive_OpenEvtFiles(archive), "open event files");
  std::map<uint64_t, const std::vector<Otf2Record>*> all;
  static const std::vector<Otf2Record> kNone;
  for (const Otf2LocationDef& location : a.locations) all[location.id] = &kNone;
  for (const auto& [id, records] : a.records) all[id] = &records;
  for (const auto& [id, records] : all) {
    OTF2_EvtWriter* writer = OTF2_Archive_GetEvtWriter(archive, id);
    if (writer == nullptr) throw std::runtime_error("OTF2 writer: no event writer");
    for (const Otf2Record& record : *records) WriteRecord(writer, record);
    Check(OTF2_Archive_CloseEvtWriter(archive, writer), "close event writer");
  }
  Check(OTF2_Archive_CloseEvtFiles(archive), "close event files");
}

void WriteLocalDefinitions(OTF2_Archive* archive, const Otf2Archive& a) {
  if (a.local.empty()) return;
  Check(OTF2_Archive_OpenDefFiles(archive), "open local definition files");
  for (const auto& [id, mappings] : a.local) {
    OTF2_DefWriter* writer = OTF2_Archive_GetDefWriter(archive, id);
    if (writer == nullptr) throw std::runtime_error("OTF2 writer: no local definition writer");
    for (const Otf2Mapping& mapping : mappings) {
      OTF2_IdMap* map = OTF2_IdMap_Create(OTF2_ID_MAP_SPARSE, mapping.ids.size());
      for (const auto& [local, global] : mapping.ids) {
        Check(OTF2_IdMap_AddIdPair(map, local, global), "id pair");
      }
      OTF2_ErrorCode code = OTF2_DefWriter_WriteMappingTable(writer, mapping.type, map);
      OTF2_IdMap_Free(map);
      Check(code, "mapping table");
    }
    Check(OTF2_Archive_CloseDefWriter(archive, writer), "close local definition writer");
  }
  Check(OTF2_Archive_CloseDefFiles(archive), "close local definition files");
}

void WriteSystemTree(OTF2_GlobalDefWriter* w, Strings& s, const Otf2Archive& a) {
  for (const Otf2NodeDef& n : a.nodes) {
    Check(OTF2_GlobalDefWriter_WriteSystemTreeNode(w, n.id, s.Of(n.name), s.Of(n.class_name),
                                                   n.parent),
          "SystemTreeNode");
  }
  for (const Otf2LocationGroupDef& g : a.location_groups) {
    Check(OTF2_GlobalDefWriter_WriteLocationGroup(w, g.id, s.Of(g.name), g.type, g.parent,
                                                  OTF2_UNDEFINED_LOCATION_GROUP),
          "LocationGroup");
  }
  for (const Otf2LocationDef& l : a.locations) {
    auto records = a.records.find(l.id);
    uint64_t events = records == a.records.end() ? 0 : records->second.size();
    Check(OTF2_GlobalDefWriter_WriteLocation(w, l.id, s.Of(l.name), l.type, events, l.group),
          "Location");
  }
}

void WriteRegionsAndComms(OTF2_GlobalDefWriter* w, Strings& s, const Otf2Archive& a) {
  for (const Otf2RegionDef& r : a.regions) {
    Check(OTF2_GlobalDefWriter_WriteRegion(w, r.id, s.OfOptional(r.name),
                                           s.OfOptional(r.canonical_name), OTF2_UNDEFINED_STRING,
                                           OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER,
                                           OTF2_REGION_FLAG_NONE, OTF2_UNDEFINED_STRING, 0, 0),
          "Region");
  }
  for (const Otf2GroupDef& g : a.groups) {
    Check(
        OTF2_GlobalDefWriter_WriteGroup(w, g.id, s.Of(g.name), g.type, g.paradigm, g.flags,
                                        static_cast<uint32_t>(g.members.size()), g.members.data()),
        "Group");
  }
  for (const Otf2CommDef& c : a.comms) {
    if (c.group_b) {
      Check(OTF2_GlobalDefWriter_WriteInterComm(w, c.id, s.Of(c.name), c.group, *c.group_b,
                                                OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE),
            "InterComm");
    } else {
      Check(OTF2_GlobalDefWriter_WriteComm(w, c.id, s.Of(c.name), c.group, OTF2_UNDEFINED_COMM,
                                           OTF2_COMM_FLAG_NONE),
            "Comm");
    }
  }
}

void WriteMetrics(OTF2_GlobalDefWriter* w, Strings& s, const Otf2Archive& a) {
  for (const Otf2MetricMemberDef& m : a.metric_members) {
    Check(OTF2_GlobalDefWriter_WriteMetricMember(w, m.id, s.Of(m.name), s.Of(m.name),
                                                 OTF2_METRIC_TYPE_OTHER, m.mode, m.type,
                                                 OTF2_BASE_DECIMAL, 0, s.Of("#")),
          "MetricMember");
  }
  for (const Otf2MetricClassDef& c : a.metric_classes) {
    Check(OTF2_GlobalDefWriter_WriteMetricClass(w, c.id, static_cast<uint8_t>(c.members.size()),
                                                c.members.data(), OTF2_METRIC_SYNCHRONOUS_STRICT,
                                                OTF2_RECORDER_KIND_CPU),
          "MetricClass");
  }
  for (const Otf2MetricInstanceDef& i : a.metric_instances) {
    Check(OTF2_GlobalDefWriter_WriteMetricInstance(w, i.id, i.metric_class, i.recorder,
                                                   OTF2_SCOPE_LOCATION, i.recorder),
          "MetricInstance");
  }
}

void WriteGlobalDefinitions(OTF2_Archive* archive, const Otf2Archive& a) {
  OTF2_GlobalDefWriter* w = OTF2_Archive_GetGlobalDefWriter(archive);
  if (w == nullptr) throw std::runtime_error("OTF2 writer: no global definition writer");
  if (a.clock) {
    uint64_t last = 0;
    for (const auto& [id, records] : a.records) {
      for (const Otf2Record& r : records) last = std::max(last, r.time);
    }
    Check(OTF2_GlobalDefWriter_WriteClockProperties(w, a.resolution, a.offset,
                                                    last > a.offset ? last - a.offset : 0,
                                                    OTF2_UNDEFINED_TIMESTAMP),
          "ClockProperties");
  }
  Strings strings(w);
  WriteSystemTree(w, strings, a);
  WriteRegionsAndComms(w, strings, a);
  WriteMetrics(w, strings, a);
}

}  // namespace

Otf2Value U64(uint64_t value) {
  return {.type = OTF2_TYPE_UINT64, .value = {.unsigned_int = value}};
}
Otf2Value I64(int64_t value) { return {.type = OTF2_TYPE_INT64, .value = {.signed_int = value}}; }
Otf2Value F64(double value) {
  return {.type = OTF2_TYPE_DOUBLE, .value = {.floating_point = value}};
}

Otf2Record Enter(uint64_t time, uint32_t region) {
  Otf2Record r = Make(Otf2Record::Kind::kEnter, time);
  r.ref = region;
  return r;
}

Otf2Record Leave(uint64_t time, uint32_t region) {
  Otf2Record r = Make(Otf2Record::Kind::kLeave, time);
  r.ref = region;
  return r;
}

Otf2Record MpiSend(uint64_t time, uint32_t receiver, uint32_t comm, uint32_t tag, uint64_t length) {
  Otf2Record r = Make(Otf2Record::Kind::kMpiSend, time);
  r.peer = receiver;
  r.comm = comm;
  r.tag = tag;
  r.length = length;
  return r;
}

Otf2Record MpiIsend(uint64_t time, uint32_t receiver, uint32_t comm, uint32_t tag, uint64_t length,
                    uint64_t request) {
  Otf2Record r = MpiSend(time, receiver, comm, tag, length);
  r.kind = Otf2Record::Kind::kMpiIsend;
  r.request = request;
  return r;
}

Otf2Record MpiIsendComplete(uint64_t time, uint64_t request) {
  Otf2Record r = Make(Otf2Record::Kind::kMpiIsendComplete, time);
  r.request = request;
  return r;
}

Otf2Record MpiIrecvRequest(uint64_t time, uint64_t request) {
  Otf2Record r = Make(Otf2Record::Kind::kMpiIrecvRequest, time);
  r.request = request;
  return r;
}

Otf2Record MpiRecv(uint64_t time, uint32_t sender, uint32_t comm, uint32_t tag, uint64_t length) {
  Otf2Record r = MpiSend(time, sender, comm, tag, length);
  r.kind = Otf2Record::Kind::kMpiRecv;
  return r;
}

Otf2Record MpiIrecv(uint64_t time, uint32_t sender, uint32_t comm, uint32_t tag, uint64_t length,
                    uint64_t request) {
  Otf2Record r = MpiRecv(time, sender, comm, tag, length);
  r.kind = Otf2Record::Kind::kMpiIrecv;
  r.request = request;
  return r;
}

Otf2Record MpiRequestCancelled(uint64_t time, uint64_t request) {
  Otf2Record r = Make(Otf2Record::Kind::kMpiRequestCancelled, time);
  r.request = request;
  return r;
}

Otf2Record MpiCollectiveBegin(uint64_t time) {
  return Make(Otf2Record::Kind::kMpiCollectiveBegin, time);
}

Otf2Record MpiCollectiveEnd(uint64_t time, OTF2_CollectiveOp operation, uint32_t comm,
                            uint32_t root, uint64_t sent, uint64_t received) {
  Otf2Record r = Make(Otf2Record::Kind::kMpiCollectiveEnd, time);
  r.ref = operation;
  r.comm = comm;
  r.peer = root;
  r.length = sent;
  r.received = received;
  return r;
}

Otf2Record Metric(uint64_t time, uint32_t metric, std::vector<Otf2Value> values) {
  Otf2Record r = Make(Otf2Record::Kind::kMetric, time);
  r.ref = metric;
  r.values = std::move(values);
  return r;
}

Otf2Record ThreadTeamBegin(uint64_t time) { return Make(Otf2Record::Kind::kThreadTeamBegin, time); }
Otf2Record ThreadTeamEnd(uint64_t time) { return Make(Otf2Record::Kind::kThreadTeamEnd, time); }
Otf2Record MeasurementOnOff(uint64_t time) {
  return Make(Otf2Record::Kind::kMeasurementOnOff, time);
}

void RewriteTimestamp(const std::string& evt_file, uint64_t from, uint64_t to) {
  auto encoded = [](uint64_t time) {
    std::string bytes(1, '\x05');
    for (int i = 0; i < 8; ++i) bytes += static_cast<char>((time >> (8 * i)) & 0xff);
    return bytes;
  };
  std::string bytes;
  {
    std::ifstream in(evt_file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::string old = encoded(from);
  size_t at = bytes.find(old);
  if (at == std::string::npos || bytes.find(old, at + 1) != std::string::npos) {
    throw std::runtime_error(evt_file + ": timestamp " + std::to_string(from) +
                             " is not there exactly once");
  }
  bytes.replace(at, old.size(), encoded(to));
  std::ofstream(evt_file, std::ios::binary | std::ios::trunc) << bytes;
}

std::string WriteOtf2Archive(const Otf2Archive& archive, const std::string& folder,
                             const std::string& name) {
  std::filesystem::create_directories(folder);
  std::unique_ptr<OTF2_Archive, ArchiveCloser> handle(
      OTF2_Archive_Open(folder.c_str(), name.c_str(), OTF2_FILEMODE_WRITE, 1 << 20, 4 << 20,
                        OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE));
  if (!handle) throw std::runtime_error("OTF2 writer: cannot create an archive in " + folder);
  Check(OTF2_Archive_SetFlushCallbacks(handle.get(), &kFlush, nullptr), "flush callbacks");
  Check(OTF2_Archive_SetSerialCollectiveCallbacks(handle.get()), "collective callbacks");
  WriteEvents(handle.get(), archive);
  WriteLocalDefinitions(handle.get(), archive);
  WriteGlobalDefinitions(handle.get(), archive);
  Check(OTF2_Archive_Close(handle.release()), "close");
  return folder + "/" + name + ".otf2";
}

}  // namespace tracedb::testing
