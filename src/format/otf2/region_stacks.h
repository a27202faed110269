// RegionStacks: Enter and Leave records as nested states
// (../shared/docs/otf2-format.md, "States"). Each location keeps the
// regions open on it; Enter opens one at depth = how many are open, Leave
// closes the innermost open one of the same region, which need not be the
// innermost of all (EZTrace leaves "Working" with "EZTrace finalize" still
// open above it): the others stay open and keep their depth.
//
// The reading thread.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "format/otf2/definitions.h"
#include "format/otf2/location_table.h"
#include "format/otf2/type_cache.h"
#include "model/call_paths.h"
#include "model/entity.h"

namespace tracedb::otf2 {

class RegionStacks {
 public:
  RegionStacks(const Otf2Definitions& definitions, TypeCache* types, EntitySink* sink)
      : d_(definitions), types_(types), sink_(sink) {}

  // The state value of `region` on `location`; RecordProblem for a region
  // the definitions lack.
  uint32_t Value(const LocationTable& table, const LocationRecord& location, uint64_t timestamp,
                 uint32_t region);
  // Opens `region`, valued `value` (Value's answer).
  void Enter(const LocationRecord& location, uint64_t timestamp, uint32_t region, uint32_t value,
             const TimeBase& time);
  // Throws RecordProblem when `region` is not open on `location`.
  void CheckOpen(const LocationTable& table, const LocationRecord& location, uint64_t timestamp,
                 uint32_t region) const;
  // Closes the innermost open state of `region`, which CheckOpen found.
  void Leave(const LocationTable& table, const LocationRecord& location, uint64_t timestamp,
             uint32_t region);
  // Closes every state still open at `end`; returns the containers that
  // had some, which then live until `end`.
  std::vector<uint32_t> Finish(double end);

 private:
  struct Open {
    uint32_t region;
    uint32_t value;
    uint32_t parent_value;
    uint32_t depth;
    double start;
    uint32_t path;         // model/call_paths.h
    uint32_t parent_path;  // of the state below when it was pushed
    double parent_start;   // NaN at depth 0
  };
  struct Stack {
    bool made = false;  // once the location's first Enter made its type
    uint32_t container;
    uint32_t type;
    std::vector<Open> open;
  };

  Stack& StackOf(const LocationRecord& location);
  // The innermost open state of `region` on the location; nullptr for none.
  const Open* InnermostOf(const LocationRecord& location, uint32_t region) const;
  void Emit(const Stack& stack, const Open& open, double end);

  const Otf2Definitions& d_;
  TypeCache* types_;
  EntitySink* sink_;
  CallPaths paths_;
  std::vector<Stack> stacks_;                      // by location index
  std::unordered_map<uint64_t, uint32_t> values_;  // (type << 32 | region) -> value
};

}  // namespace tracedb::otf2
