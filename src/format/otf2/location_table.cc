#include "format/otf2/location_table.h"

#include <algorithm>

namespace tracedb::otf2 {
namespace {

// Ids below this many per location, or below 4096, go in the direct table.
constexpr uint64_t kDirectPerLocation = 4;
constexpr uint64_t kDirectAlways = 4096;

}  // namespace

LocationTable::LocationTable(const ContainerTree& tree, const Registry& registry, TimeBase time)
    : registry_(registry), time_(time) {
  std::vector<std::pair<uint64_t, uint32_t>> locations(tree.locations.begin(),
                                                       tree.locations.end());
  std::sort(locations.begin(), locations.end());
  uint64_t limit = std::max(kDirectAlways, kDirectPerLocation * locations.size());
  for (const auto& [id, container] : locations) {
    auto index = static_cast<uint32_t>(records_.size());
    records_.push_back({.id = id, .index = index, .container = container});
    if (id < limit) {
      if (direct_.size() <= id) direct_.resize(id + 1, kNone);
      direct_[id] = index;
    } else {
      hashed_[id] = index;
    }
  }
}

RecordProblem LocationTable::Unknown(uint64_t location, uint64_t timestamp) const {
  return {"location " + std::to_string(location) + ", " + time_.At(timestamp) +
          ": a record of a location that is not defined"};
}

RecordProblem LocationTable::Backwards(const LocationRecord& location, uint64_t timestamp) const {
  return Problem(
      location.id, timestamp,
      "timestamp goes backwards (the record before it is at " + time_.At(location.last) + ")");
}

void LocationTable::Touch(LocationRecord& record, uint64_t timestamp) {
  if (!record.any) record.first = timestamp;
  record.any = true;
  record.last = timestamp;
  first_ = any_ ? std::min(first_, timestamp) : timestamp;
  last_ = any_ ? std::max(last_, timestamp) : timestamp;
  any_ = true;
}

const LocationRecord& LocationTable::at(uint64_t location) const {
  uint32_t index = location < direct_.size() ? direct_[location] : Hashed(location);
  return records_.at(index);
}

std::string LocationTable::Name(uint64_t location) const {
  uint32_t index = location < direct_.size() ? direct_[location] : Hashed(location);
  if (index == kNone) return "location " + std::to_string(location);
  return "location \"" + ContainerPath(registry_, records_[index].container) + "\" (id " +
         std::to_string(location) + ")";
}

RecordProblem LocationTable::Problem(uint64_t location, uint64_t timestamp,
                                     const std::string& text) const {
  return {Name(location) + ", " + time_.At(timestamp) + ": " + text};
}

}  // namespace tracedb::otf2
