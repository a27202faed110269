// CollectiveEvents: each MpiCollectiveEnd record as an event of type "MPI
// collective" on its location (../shared/docs/otf2-format.md, "Events"),
// valued by the operation as otf2-print spells it, with the communicator,
// the root (as recorded: relative to the communicator; null when none) and
// the bytes sent and received as extra fields.
//
// The reading thread.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "format/otf2/definitions.h"
#include "format/otf2/location_table.h"
#include "format/otf2/type_cache.h"
#include "model/entity.h"

namespace tracedb::otf2 {

struct CollectiveEnd {
  uint32_t operation;
  uint32_t comm;
  uint32_t root;
  uint64_t sent;
  uint64_t received;
};

class CollectiveEvents {
 public:
  CollectiveEvents(const Otf2Definitions& definitions, TypeCache* types, EntitySink* sink)
      : d_(definitions), types_(types), sink_(sink) {}

  // `record.comm` is defined (RecordMapper checks it).
  void End(const LocationRecord& location, uint64_t timestamp, const TimeBase& time,
           const CollectiveEnd& record);

 private:
  const Otf2Definitions& d_;
  TypeCache* types_;
  EntitySink* sink_;
};

// "BARRIER", "ALLREDUCE", ...; an operation OTF2 does not name: its number.
std::string CollectiveName(uint32_t operation);

}  // namespace tracedb::otf2
