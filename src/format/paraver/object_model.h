// ObjectModel: the objects a header declares, numbered the way records and
// the .row file refer to them. Threads are numbered globally from 0,
// application by application, task by task; CPUs from 1, node after node.
// Immutable once built, so parser workers share one freely.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "format/paraver/header.h"

namespace tracedb::paraver {

struct ThreadPlace {
  uint32_t index;  // global, from 0
  uint32_t node;   // of its task, 1-based; 0 without a resource model
};

class ObjectModel {
 public:
  explicit ObjectModel(const ParaverHeader& header);

  // Thread `thread` of task `task` of application `appl` (all 1-based).
  std::optional<ThreadPlace> FindThread(uint64_t appl, uint64_t task, uint64_t thread) const;
  bool has_resources() const { return !cpu_node_.empty(); }
  uint32_t cpu_count() const { return static_cast<uint32_t>(cpu_node_.size()); }
  // The node (1-based) of CPU `cpu`, 1 <= cpu <= cpu_count().
  uint32_t NodeOfCpu(uint32_t cpu) const { return cpu_node_[cpu - 1]; }
  uint32_t thread_count() const { return thread_count_; }

 private:
  struct Task {
    uint32_t first_thread;
    uint32_t threads;
    uint32_t node;
  };
  std::vector<uint32_t> first_task_;  // per application, index in tasks_; one past the end last
  std::vector<Task> tasks_;
  std::vector<uint32_t> cpu_node_;  // CPU c at c - 1
  uint32_t thread_count_ = 0;
};

}  // namespace tracedb::paraver
