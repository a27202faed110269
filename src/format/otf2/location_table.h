// LocationTable: the locations of an OTF2 archive by their sparse ids, each
// with its container and the ticks of its first and last record. Every
// record goes through Touch, which refuses a record earlier than the one
// before it on its location (different locations are independent).
//
// Plain data; the reading thread.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "format/otf2/containers.h"
#include "format/otf2/time_base.h"
#include "sim/registry.h"

namespace tracedb::otf2 {

struct LocationRecord {
  uint64_t id = 0;
  uint32_t index = 0;  // dense, in id order: where trackers keep their per-location state
  uint32_t container = 0;
  bool any = false;  // a record seen
  uint64_t first = 0;
  uint64_t last = 0;
};

// What a mapper throws for a bad record; the reader adds the anchor file.
struct RecordProblem {
  std::string text;  // "location \"PATH\" (id N), timestamp T (S s): problem"
};

class LocationTable {
 public:
  LocationTable(const ContainerTree& tree, const Registry& registry, TimeBase time);

  // The location of a record at `timestamp`; RecordProblem for one that is
  // not defined.
  LocationRecord& Find(uint64_t location, uint64_t timestamp) {
    uint32_t index = location < direct_.size() ? direct_[location] : Hashed(location);
    if (index == kNone) throw Unknown(location, timestamp);
    return records_[index];
  }
  // RecordProblem for a record whose time goes back on its location.
  void Check(const LocationRecord& location, uint64_t timestamp) const {
    if (location.any && timestamp < location.last) throw Backwards(location, timestamp);
  }
  // A record of `location` at `timestamp`, checked: its first and last.
  void Touch(LocationRecord& location, uint64_t timestamp);
  // Find, Check and Touch: a record refused changes nothing.
  LocationRecord& Touch(uint64_t location, uint64_t timestamp) {
    LocationRecord& record = Find(location, timestamp);
    Check(record, timestamp);
    Touch(record, timestamp);
    return record;
  }
  const LocationRecord& at(uint64_t location) const;
  // "location \"host/Rank 1/Thread 0\" (id 1)".
  std::string Name(uint64_t location) const;
  // The problem of a record of `location` at `timestamp`.
  RecordProblem Problem(uint64_t location, uint64_t timestamp, const std::string& text) const;

  const std::vector<LocationRecord>& all() const { return records_; }
  const TimeBase& time() const { return time_; }
  bool any() const { return any_; }
  uint64_t first() const { return first_; }  // over all locations, when any()
  uint64_t last() const { return last_; }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;

  uint32_t Hashed(uint64_t location) const {
    auto found = hashed_.find(location);
    return found == hashed_.end() ? kNone : found->second;
  }
  RecordProblem Unknown(uint64_t location, uint64_t timestamp) const;
  RecordProblem Backwards(const LocationRecord& location, uint64_t timestamp) const;

  const Registry& registry_;
  TimeBase time_;
  // Dense ids (Score-P's 0, 1, 2...) index a table; sparse ones (EZTrace's
  // rank x 2^29) a hash map, which a record then pays for.
  std::vector<uint32_t> direct_;
  std::unordered_map<uint64_t, uint32_t> hashed_;
  std::vector<LocationRecord> records_;
  bool any_ = false;
  uint64_t first_ = 0;
  uint64_t last_ = 0;
};

}  // namespace tracedb::otf2
