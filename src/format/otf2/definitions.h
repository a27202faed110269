// Otf2Definitions: the global definitions of an OTF2 archive that tracedb
// uses (../shared/docs/otf2-format.md, "Definitions tracedb uses"), as plain
// maps by id. Ids are sparse and need not increase (EZTrace offsets them per
// rank), and a later definition of an id replaces the earlier one, as
// otf2-print does. ReadGlobalDefinitions fills them through the library's
// global definition reader.
//
// Plain data; filled on one thread, then only read.
#pragma once

#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tracedb::otf2 {

struct SystemTreeNode {
  uint32_t name = OTF2_UNDEFINED_STRING;
  uint32_t class_name = OTF2_UNDEFINED_STRING;
  uint32_t parent = OTF2_UNDEFINED_SYSTEM_TREE_NODE;
};

struct LocationGroup {
  uint32_t name = OTF2_UNDEFINED_STRING;
  OTF2_LocationGroupType type = OTF2_LOCATION_GROUP_TYPE_UNKNOWN;
  uint32_t parent = OTF2_UNDEFINED_SYSTEM_TREE_NODE;
};

struct Location {
  uint32_t name = OTF2_UNDEFINED_STRING;
  OTF2_LocationType type = OTF2_LOCATION_TYPE_UNKNOWN;
  uint32_t group = OTF2_UNDEFINED_LOCATION_GROUP;
};

struct Region {
  uint32_t name = OTF2_UNDEFINED_STRING;
  uint32_t canonical_name = OTF2_UNDEFINED_STRING;
};

struct Group {
  OTF2_GroupType type = OTF2_GROUP_TYPE_UNKNOWN;
  OTF2_Paradigm paradigm = OTF2_PARADIGM_UNKNOWN;
  OTF2_GroupFlag flags = OTF2_GROUP_FLAG_NONE;
  std::vector<uint64_t> members;
};

struct Comm {
  uint32_t name = OTF2_UNDEFINED_STRING;
  uint32_t group = OTF2_UNDEFINED_GROUP;
  bool inter = false;  // an InterComm: its point-to-point records are skipped
};

struct MetricMember {
  uint32_t name = OTF2_UNDEFINED_STRING;
  OTF2_MetricMode mode = 0;
};

struct Otf2Definitions {
  std::optional<uint64_t> resolution;  // ticks per second, from ClockProperties
  uint64_t offset = 0;                 // ticks at time zero
  std::unordered_map<uint32_t, std::string> strings;
  // Ordered maps where the order shows: containers are made in id order.
  std::map<uint32_t, SystemTreeNode> nodes;
  std::map<uint32_t, LocationGroup> location_groups;
  std::map<uint64_t, Location> locations;
  std::unordered_map<uint32_t, Region> regions;
  std::unordered_map<uint32_t, Group> groups;
  // The last COMM_LOCATIONS group of each paradigm: what COMM_GROUP members index.
  std::unordered_map<uint32_t, std::vector<uint64_t>> comm_locations;
  std::unordered_map<uint32_t, Comm> comms;
  std::unordered_map<uint32_t, MetricMember> metric_members;
  std::unordered_map<uint32_t, std::vector<uint32_t>> metric_classes;  // class -> members
  std::unordered_map<uint32_t, uint32_t> metric_instances;             // instance -> class

  // The text of string `id`; "" for the undefined string or one never defined.
  const std::string& Text(uint32_t id) const;
  // The members of metric `id` (a class, or an instance of one); nullptr if neither.
  const std::vector<uint32_t>* MetricMembers(uint32_t id) const;
};

// Reads the archive's global definitions through `reader`. Returns false
// when the library could not read them (the caller names the file).
bool ReadGlobalDefinitions(OTF2_Reader* reader, Otf2Definitions* definitions);

}  // namespace tracedb::otf2
