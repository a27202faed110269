#include "format/otf2/containers.h"

#include <algorithm>
#include <map>
#include <utility>

namespace tracedb::otf2 {
namespace {

const char* GroupType(OTF2_LocationGroupType type) {
  switch (type) {
    case OTF2_LOCATION_GROUP_TYPE_PROCESS:
      return "process";
    case OTF2_LOCATION_GROUP_TYPE_ACCELERATOR:
      return "accelerator";
    default:
      return "location group";
  }
}

const char* LocationType(OTF2_LocationType type) {
  switch (type) {
    case OTF2_LOCATION_TYPE_CPU_THREAD:
      return "thread";
    case OTF2_LOCATION_TYPE_ACCELERATOR_STREAM:
      return "stream";
    case OTF2_LOCATION_TYPE_METRIC:
      return "metric";
    default:
      return "location";
  }
}

// Makes containers and their types; a type is known by its name and its
// parent type, as containers of one kind nest under one kind.
class Builder {
 public:
  Builder(const Otf2Definitions& d, Registry* registry) : d_(d), registry_(registry) {}

  ContainerTree Build() {
    for (const auto& [id, node] : d_.nodes) Node(id);
    for (const auto& [id, group] : d_.location_groups) LocationGroupContainer(id);
    ContainerTree tree;
    for (const auto& [id, location] : d_.locations) {
      uint32_t parent = LocationGroupContainer(location.group);
      uint32_t container = Add(d_.Text(location.name), LocationType(location.type), parent);
      tree.locations[id] = container;
      tree.location_order.push_back(container);
    }
    return tree;
  }

 private:
  uint32_t TypeOf(const std::string& name, uint32_t parent_container) {
    uint32_t parent_type = registry_->container(parent_container).type;
    auto key = std::make_pair(name, parent_type);
    if (auto found = types_.find(key); found != types_.end()) return found->second;
    uint32_t type =
        registry_->AddType({.name = name, .kind = TypeKind::kContainer, .parent = parent_type});
    types_.emplace(std::move(key), type);
    return type;
  }

  uint32_t Add(const std::string& name, const std::string& type, uint32_t parent) {
    return registry_->AddContainer(
        {.name = name, .type = TypeOf(type, parent), .parent = parent, .start = 0});
  }

  // The container of node `id`, made (and its parents first) when missing;
  // the root for an undefined node. A loop in the tree ends at the root.
  uint32_t Node(uint32_t id) {
    auto definition = d_.nodes.find(id);
    if (definition == d_.nodes.end()) return kRoot;
    if (auto made = nodes_.find(id); made != nodes_.end()) return made->second;
    nodes_[id] = kRoot;  // while its parents are made
    const SystemTreeNode& node = definition->second;
    uint32_t parent = Node(node.parent);
    std::string type = d_.Text(node.class_name);
    uint32_t container = Add(d_.Text(node.name), type.empty() ? "node" : type, parent);
    nodes_[id] = container;
    return container;
  }

  uint32_t LocationGroupContainer(uint32_t id) {
    auto definition = d_.location_groups.find(id);
    if (definition == d_.location_groups.end()) return kRoot;
    if (auto made = groups_.find(id); made != groups_.end()) return made->second;
    const LocationGroup& group = definition->second;
    uint32_t container = Add(d_.Text(group.name), GroupType(group.type), Node(group.parent));
    groups_[id] = container;
    return container;
  }

  const Otf2Definitions& d_;
  Registry* registry_;
  std::map<std::pair<std::string, uint32_t>, uint32_t> types_;
  std::map<uint32_t, uint32_t> nodes_;
  std::map<uint32_t, uint32_t> groups_;
};

}  // namespace

ContainerTree MakeContainers(const Otf2Definitions& definitions, Registry* registry) {
  return Builder(definitions, registry).Build();
}

std::string ContainerPath(const Registry& registry, uint32_t container) {
  std::string path;
  for (int64_t at = container; at != kRoot && at != kNoParent;
       at = registry.container(static_cast<uint32_t>(at)).parent) {
    const std::string& name = registry.container(static_cast<uint32_t>(at)).name;
    path = path.empty() ? name : name + "/" + path;
  }
  return path;
}

void EmitContainers(const Registry& registry, std::vector<Span> spans, double trace_end,
                    EntitySink* sink) {
  spans.resize(registry.container_count());
  // Children have larger ids than their parents: widen each parent from the
  // last container up.
  for (uint32_t id = static_cast<uint32_t>(spans.size()); id-- > 1;) {
    const Span& span = spans[id];
    int64_t parent = registry.container(id).parent;
    if (!span.any || parent <= static_cast<int64_t>(kRoot)) continue;
    Span& up = spans[static_cast<uint32_t>(parent)];
    up.start = up.any ? std::min(up.start, span.start) : span.start;
    up.end = up.any ? std::max(up.end, span.end) : span.end;
    up.any = true;
  }
  sink->OnContainer({.id = kRoot, .start = 0, .end = trace_end});
  for (uint32_t id = 1; id < spans.size(); ++id) {
    sink->OnContainer({.id = id, .start = spans[id].start, .end = spans[id].end});
  }
}

}  // namespace tracedb::otf2
