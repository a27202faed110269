#include "format/otf2/definitions.h"

namespace tracedb::otf2 {
namespace {

Otf2Definitions& Of(void* data) { return *static_cast<Otf2Definitions*>(data); }

OTF2_CallbackCode OnClock(void* data, uint64_t resolution, uint64_t offset, uint64_t, uint64_t) {
  Of(data).resolution = resolution;
  Of(data).offset = offset;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnString(void* data, OTF2_StringRef self, const char* text) {
  Of(data).strings[self] = text == nullptr ? "" : text;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnNode(void* data, OTF2_SystemTreeNodeRef self, OTF2_StringRef name,
                         OTF2_StringRef class_name, OTF2_SystemTreeNodeRef parent) {
  Of(data).nodes[self] = {.name = name, .class_name = class_name, .parent = parent};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnLocationGroup(void* data, OTF2_LocationGroupRef self, OTF2_StringRef name,
                                  OTF2_LocationGroupType type, OTF2_SystemTreeNodeRef parent,
                                  OTF2_LocationGroupRef) {
  Of(data).location_groups[self] = {.name = name, .type = type, .parent = parent};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnLocation(void* data, OTF2_LocationRef self, OTF2_StringRef name,
                             OTF2_LocationType type, uint64_t, OTF2_LocationGroupRef group) {
  Of(data).locations[self] = {.name = name, .type = type, .group = group};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnRegion(void* data, OTF2_RegionRef self, OTF2_StringRef name,
                           OTF2_StringRef canonical_name, OTF2_StringRef, OTF2_RegionRole,
                           OTF2_Paradigm, OTF2_RegionFlag, OTF2_StringRef, uint32_t, uint32_t) {
  Of(data).regions[self] = {.name = name, .canonical_name = canonical_name};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnGroup(void* data, OTF2_GroupRef self, OTF2_StringRef, OTF2_GroupType type,
                          OTF2_Paradigm paradigm, OTF2_GroupFlag flags, uint32_t count,
                          const uint64_t* members) {
  std::vector<uint64_t> list(members, members + count);
  // EZTrace defines group 0 twice, COMM_LOCATIONS then COMM_GROUP: the
  // locations are kept apart from the id table, per paradigm.
  if (type == OTF2_GROUP_TYPE_COMM_LOCATIONS) Of(data).comm_locations[paradigm] = list;
  Of(data).groups[self] = {
      .type = type, .paradigm = paradigm, .flags = flags, .members = std::move(list)};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnComm(void* data, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group,
                         OTF2_CommRef, OTF2_CommFlag) {
  Of(data).comms[self] = {.name = name, .group = group};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnInterComm(void* data, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef,
                              OTF2_GroupRef, OTF2_CommRef, OTF2_CommFlag) {
  Of(data).comms[self] = {.name = name, .inter = true};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnMetricMember(void* data, OTF2_MetricMemberRef self, OTF2_StringRef name,
                                 OTF2_StringRef, OTF2_MetricType, OTF2_MetricMode mode, OTF2_Type,
                                 OTF2_Base, int64_t, OTF2_StringRef) {
  Of(data).metric_members[self] = {.name = name, .mode = mode};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnMetricClass(void* data, OTF2_MetricRef self, uint8_t count,
                                const OTF2_MetricMemberRef* members, OTF2_MetricOccurrence,
                                OTF2_RecorderKind) {
  Of(data).metric_classes[self] = std::vector<uint32_t>(members, members + count);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode OnMetricInstance(void* data, OTF2_MetricRef self, OTF2_MetricRef metric_class,
                                   OTF2_LocationRef, OTF2_MetricScope, uint64_t) {
  Of(data).metric_instances[self] = metric_class;
  return OTF2_CALLBACK_SUCCESS;
}

void SetCallbacks(OTF2_GlobalDefReaderCallbacks* c) {
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(c, OnClock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(c, OnString);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(c, OnNode);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(c, OnLocationGroup);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(c, OnLocation);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(c, OnRegion);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback(c, OnGroup);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback(c, OnComm);
  OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(c, OnInterComm);
  OTF2_GlobalDefReaderCallbacks_SetMetricMemberCallback(c, OnMetricMember);
  OTF2_GlobalDefReaderCallbacks_SetMetricClassCallback(c, OnMetricClass);
  OTF2_GlobalDefReaderCallbacks_SetMetricInstanceCallback(c, OnMetricInstance);
}

}  // namespace

const std::string& Otf2Definitions::Text(uint32_t id) const {
  static const std::string kEmpty;
  auto found = strings.find(id);
  return found == strings.end() ? kEmpty : found->second;
}

const std::vector<uint32_t>* Otf2Definitions::MetricMembers(uint32_t id) const {
  if (auto found = metric_classes.find(id); found != metric_classes.end()) return &found->second;
  auto instance = metric_instances.find(id);
  if (instance == metric_instances.end()) return nullptr;
  auto found = metric_classes.find(instance->second);
  return found == metric_classes.end() ? nullptr : &found->second;
}

bool ReadGlobalDefinitions(OTF2_Reader* reader, Otf2Definitions* definitions) {
  OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader);
  if (defs == nullptr) return false;
  OTF2_GlobalDefReaderCallbacks* callbacks = OTF2_GlobalDefReaderCallbacks_New();
  SetCallbacks(callbacks);
  OTF2_ErrorCode code =
      OTF2_Reader_RegisterGlobalDefCallbacks(reader, defs, callbacks, definitions);
  OTF2_GlobalDefReaderCallbacks_Delete(callbacks);
  uint64_t read = 0;
  if (code == OTF2_SUCCESS) code = OTF2_Reader_ReadAllGlobalDefinitions(reader, defs, &read);
  OTF2_Reader_CloseGlobalDefReader(reader, defs);
  return code == OTF2_SUCCESS;
}

}  // namespace tracedb::otf2
