#include "format/paraver/object_model.h"

namespace tracedb::paraver {

ObjectModel::ObjectModel(const ParaverHeader& header) {
  for (const auto& application : header.applications) {
    first_task_.push_back(static_cast<uint32_t>(tasks_.size()));
    for (const TaskShape& shape : application) {
      tasks_.push_back({thread_count_, shape.threads, shape.node});
      thread_count_ += shape.threads;
    }
  }
  first_task_.push_back(static_cast<uint32_t>(tasks_.size()));
  for (size_t node = 0; node < header.cpus_per_node.size(); ++node) {
    cpu_node_.insert(cpu_node_.end(), header.cpus_per_node[node], static_cast<uint32_t>(node + 1));
  }
}

std::optional<ThreadPlace> ObjectModel::FindThread(uint64_t appl, uint64_t task,
                                                   uint64_t thread) const {
  if (appl == 0 || appl >= first_task_.size()) return std::nullopt;
  uint64_t tasks = first_task_[appl] - first_task_[appl - 1];
  if (task == 0 || task > tasks) return std::nullopt;
  const Task& t = tasks_[first_task_[appl - 1] + task - 1];
  if (thread == 0 || thread > t.threads) return std::nullopt;
  return ThreadPlace{t.first_thread + static_cast<uint32_t>(thread - 1), t.node};
}

}  // namespace tracedb::paraver
