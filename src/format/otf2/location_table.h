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

  // Throws RecordProblem for a record of an unknown location, or one whose
  // time goes backwards on its location.
  void Check(uint64_t location, uint64_t timestamp) const;
  // The location of a record at `timestamp`, its first and last updated,
  // after the same checks: a record refused changes nothing.
  LocationRecord& Touch(uint64_t location, uint64_t timestamp);
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
  const Registry& registry_;
  TimeBase time_;
  std::unordered_map<uint64_t, uint32_t> index_;
  std::vector<LocationRecord> records_;
  bool any_ = false;
  uint64_t first_ = 0;
  uint64_t last_ = 0;
};

}  // namespace tracedb::otf2
