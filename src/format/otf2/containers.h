// The containers of an OTF2 archive (../shared/docs/otf2-format.md,
// "Containers"): the system tree, then location groups, then locations, made
// in the Registry with their container types before any record is read, and
// their rows once the records gave each location its lifetime.
//
// Plain data and functions; the reading thread.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "format/otf2/definitions.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb::otf2 {

struct ContainerTree {
  std::unordered_map<uint64_t, uint32_t> locations;  // OTF2 location id -> container id
  std::vector<uint32_t> location_order;              // location containers, in id order
};

// Makes every container of `definitions` in `registry`. A node or group
// whose parent is undefined hangs from the root container.
ContainerTree MakeContainers(const Otf2Definitions& definitions, Registry* registry);

// "cluster/node-a/MPI Rank 0/Master thread": the names from the top down,
// as container_view.path spells them.
std::string ContainerPath(const Registry& registry, uint32_t container);

// A container's lifetime in seconds; `any` false when no record of its
// locations gave it one.
struct Span {
  bool any = false;
  double start = 0;
  double end = 0;
};

// The container rows: `spans` (by container id) holds each location's;
// every other container lives over its descendants' ([0, 0] when none has
// any), the root over [0, trace_end].
void EmitContainers(const Registry& registry, std::vector<Span> spans, double trace_end,
                    EntitySink* sink);

}  // namespace tracedb::otf2
