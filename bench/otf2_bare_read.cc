// tracedb-otf2-bare-read: the fastest an OTF2 archive's records come out of
// the OTF2 library, the limit scripts/bench --format otf2 quotes beside
// tracedb: the reading tracedb does (global definitions, each location's
// local definitions, the global event reader that merges the locations by
// time), with callbacks that only count the records.
//
// usage: tracedb-otf2-bare-read ANCHOR.otf2   (prints: RECORDS records)
#include <otf2/otf2.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace {

struct Counts {
  std::vector<uint64_t> locations;
  uint64_t records = 0;
};

OTF2_CallbackCode OnLocation(void* data, OTF2_LocationRef self, OTF2_StringRef, OTF2_LocationType,
                             uint64_t, OTF2_LocationGroupRef) {
  static_cast<Counts*>(data)->locations.push_back(self);
  return OTF2_CALLBACK_SUCCESS;
}

// Any record kind's callback: the four common arguments, then its own.
template <typename... Rest>
OTF2_CallbackCode Count(OTF2_LocationRef, OTF2_TimeStamp, void* data, OTF2_AttributeList*,
                        Rest...) {
  ++static_cast<Counts*>(data)->records;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_GlobalEvtReaderCallbacks* Callbacks() {
  OTF2_GlobalEvtReaderCallbacks* c = OTF2_GlobalEvtReaderCallbacks_New();
  OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(c, Count<OTF2_RegionRef>);
  OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback(c, Count<OTF2_RegionRef>);
  OTF2_GlobalEvtReaderCallbacks_SetMpiSendCallback(
      c, Count<uint32_t, OTF2_CommRef, uint32_t, uint64_t>);
  OTF2_GlobalEvtReaderCallbacks_SetMpiRecvCallback(
      c, Count<uint32_t, OTF2_CommRef, uint32_t, uint64_t>);
  OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveBeginCallback(c, Count<>);
  OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveEndCallback(
      c, Count<OTF2_CollectiveOp, OTF2_CommRef, uint32_t, uint64_t, uint64_t>);
  OTF2_GlobalEvtReaderCallbacks_SetMetricCallback(
      c, Count<OTF2_MetricRef, uint8_t, const OTF2_Type*, const OTF2_MetricValue*>);
  OTF2_GlobalEvtReaderCallbacks_SetUnknownCallback(c, Count<>);
  return c;
}

void ReadDefinitions(OTF2_Reader* reader, Counts* counts) {
  OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader);
  OTF2_GlobalDefReaderCallbacks* c = OTF2_GlobalDefReaderCallbacks_New();
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(c, OnLocation);
  OTF2_Reader_RegisterGlobalDefCallbacks(reader, defs, c, counts);
  OTF2_GlobalDefReaderCallbacks_Delete(c);
  uint64_t read = 0;
  OTF2_Reader_ReadAllGlobalDefinitions(reader, defs, &read);
  OTF2_Reader_CloseGlobalDefReader(reader, defs);
}

void ReadLocalDefinitions(OTF2_Reader* reader, const std::string& folder, const Counts& counts) {
  if (OTF2_Reader_OpenDefFiles(reader) != OTF2_SUCCESS) return;
  for (uint64_t location : counts.locations) {
    if (!std::filesystem::exists(folder + "/" + std::to_string(location) + ".def")) continue;
    OTF2_DefReader* defs = OTF2_Reader_GetDefReader(reader, location);
    uint64_t read = 0;
    if (defs != nullptr) OTF2_Reader_ReadAllLocalDefinitions(reader, defs, &read);
    if (defs != nullptr) OTF2_Reader_CloseDefReader(reader, defs);
  }
  OTF2_Reader_CloseDefFiles(reader);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: tracedb-otf2-bare-read ANCHOR.otf2\n");
    return 2;
  }
  std::string anchor = argv[1];
  OTF2_Reader* reader = OTF2_Reader_Open(anchor.c_str());
  if (reader == nullptr) return 1;
  OTF2_Reader_SetSerialCollectiveCallbacks(reader);
  Counts counts;
  ReadDefinitions(reader, &counts);
  for (uint64_t location : counts.locations) OTF2_Reader_SelectLocation(reader, location);
  ReadLocalDefinitions(reader, anchor.substr(0, anchor.size() - 5), counts);
  OTF2_Reader_OpenEvtFiles(reader);
  for (uint64_t location : counts.locations) OTF2_Reader_GetEvtReader(reader, location);
  OTF2_GlobalEvtReader* events = OTF2_Reader_GetGlobalEvtReader(reader);
  OTF2_GlobalEvtReaderCallbacks* callbacks = Callbacks();
  OTF2_Reader_RegisterGlobalEvtCallbacks(reader, events, callbacks, &counts);
  OTF2_GlobalEvtReaderCallbacks_Delete(callbacks);
  uint64_t read = 0;
  OTF2_ErrorCode code = OTF2_Reader_ReadAllGlobalEvents(reader, events, &read);
  OTF2_Reader_Close(reader);
  std::printf("%llu records\n", static_cast<unsigned long long>(counts.records));
  return code == OTF2_SUCCESS ? 0 : 1;
}
