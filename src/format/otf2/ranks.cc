#include "format/otf2/ranks.h"

namespace tracedb::otf2 {
namespace {

std::string CommName(const Otf2Definitions& d, uint32_t comm) {
  return "communicator \"" + d.Text(d.comms.at(comm).name) + "\"";
}

std::string NotIn(const Otf2Definitions& d, uint32_t comm, uint32_t rank, size_t size) {
  return "rank " + std::to_string(rank) + " is not in " + CommName(d, comm) + " (" +
         std::to_string(size) + " rank(s))";
}

// Rank `rank` of a COMM_GROUP group.
std::variant<uint64_t, std::string> InCommGroup(const Otf2Definitions& d, uint32_t comm,
                                                const Group& group, uint32_t rank) {
  auto locations = d.comm_locations.find(group.paradigm);
  if (locations == d.comm_locations.end()) {
    return CommName(d, comm) + " has no COMM_LOCATIONS group of its paradigm";
  }
  const std::vector<uint64_t>& all = locations->second;
  if (group.flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS) {
    if (rank >= all.size()) return NotIn(d, comm, rank, all.size());
    return all[rank];
  }
  if (rank >= group.members.size()) return NotIn(d, comm, rank, group.members.size());
  uint64_t index = group.members[rank];
  if (index >= all.size()) {
    return "member " + std::to_string(index) + " of " + CommName(d, comm) +
           " is not in its COMM_LOCATIONS group";
  }
  return all[index];
}

}  // namespace

std::variant<uint64_t, std::string> RankLocation(const Otf2Definitions& d, uint32_t comm,
                                                 uint32_t rank, uint64_t recorder) {
  auto found = d.comms.find(comm);
  if (found == d.comms.end()) return "communicator " + std::to_string(comm) + " is not defined";
  auto group = d.groups.find(found->second.group);
  if (group == d.groups.end()) return CommName(d, comm) + " has no group";
  if (group->second.type == OTF2_GROUP_TYPE_COMM_SELF) {
    if (rank != 0) return NotIn(d, comm, rank, 1);
    return recorder;
  }
  if (group->second.type != OTF2_GROUP_TYPE_COMM_GROUP) {
    return CommName(d, comm) + "'s group is not a COMM_GROUP or COMM_SELF group";
  }
  return InCommGroup(d, comm, group->second, rank);
}

}  // namespace tracedb::otf2
