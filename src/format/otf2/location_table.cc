#include "format/otf2/location_table.h"

#include <algorithm>

namespace tracedb::otf2 {

LocationTable::LocationTable(const ContainerTree& tree, const Registry& registry, TimeBase time)
    : registry_(registry), time_(time) {
  for (const auto& [id, container] : tree.locations) {
    index_[id] = static_cast<uint32_t>(records_.size());
    records_.push_back({.id = id, .container = container});
  }
}

void LocationTable::Check(uint64_t location, uint64_t timestamp) const {
  auto found = index_.find(location);
  if (found == index_.end()) {
    throw RecordProblem{"location " + std::to_string(location) + ", " + time_.At(timestamp) +
                        ": a record of a location that is not defined"};
  }
  const LocationRecord& record = records_[found->second];
  if (record.any && timestamp < record.last) {
    throw Problem(location, timestamp, "timestamp goes backwards (the record before it is at " +
                                           time_.At(record.last) + ")");
  }
}

LocationRecord& LocationTable::Touch(uint64_t location, uint64_t timestamp) {
  Check(location, timestamp);
  LocationRecord& record = records_[index_.find(location)->second];
  if (!record.any) record.first = timestamp;
  record.any = true;
  record.last = timestamp;
  first_ = any_ ? std::min(first_, timestamp) : timestamp;
  last_ = any_ ? std::max(last_, timestamp) : timestamp;
  any_ = true;
  return record;
}

const LocationRecord& LocationTable::at(uint64_t location) const {
  return records_[index_.at(location)];
}

std::string LocationTable::Name(uint64_t location) const {
  auto found = index_.find(location);
  if (found == index_.end()) return "location " + std::to_string(location);
  return "location \"" + ContainerPath(registry_, records_[found->second].container) + "\" (id " +
         std::to_string(location) + ")";
}

RecordProblem LocationTable::Problem(uint64_t location, uint64_t timestamp,
                                     const std::string& text) const {
  return {Name(location) + ", " + time_.At(timestamp) + ": " + text};
}

}  // namespace tracedb::otf2
