// What a gen_prv trace is made of: its options, the layout of its nodes, CPUs, tasks and
// threads, and the counts of what was written.
//
// Plain data; no threads.
#pragma once

#include <cstdint>

namespace tracedb::bench::prv {

struct Options {
  std::uint64_t target_bytes = 0;
  std::uint64_t seed = 1;
  std::uint32_t nodes = 8;
  std::uint32_t tasks = 64;
  std::uint32_t threads_per_task = 4;  // thread 1 calls MPI, the others are OpenMP workers
};

// Tasks in blocks over the nodes (the last nodes may have fewer, or none), each thread pinned
// to a CPU of its task's node. Indexes are 0-based; Paraver's numbers are 1-based.
struct Layout {
  std::uint32_t nodes;
  std::uint32_t tasks;
  std::uint32_t threads_per_task;
  std::uint32_t tasks_per_node;
  std::uint32_t cpus_per_node;

  explicit Layout(const Options& o)
      : nodes(o.nodes),
        tasks(o.tasks),
        threads_per_task(o.threads_per_task),
        tasks_per_node((o.tasks + o.nodes - 1) / o.nodes),
        cpus_per_node(tasks_per_node * o.threads_per_task) {}

  std::uint32_t threads() const { return tasks * threads_per_task; }
  std::uint32_t cpus() const { return nodes * cpus_per_node; }
  std::uint32_t NodeOf(std::uint32_t task) const { return task / tasks_per_node; }
  // The global CPU number, from 1.
  std::uint32_t CpuOf(std::uint32_t task, std::uint32_t thread) const {
    return NodeOf(task) * cpus_per_node + (task % tasks_per_node) * threads_per_task + thread + 1;
  }
};

// What was written; printed on stderr.
struct Counts {
  std::uint64_t bytes = 0;
  std::uint64_t states = 0;  // state records, open ones included
  std::uint64_t open_states = 0;
  std::uint64_t event_records = 0;
  std::uint64_t events = 0;  // type:value pairs, all kinds
  // Of those: pairs that open an interval (each a state in tracedb), pairs that close one, and
  // counter samples (each a variable: every thread samples a counter at increasing times).
  std::uint64_t interval_opens = 0;
  std::uint64_t interval_closes = 0;
  std::uint64_t counter_samples = 0;
  std::uint64_t communications = 0;
  std::uint64_t end_ns = 0;  // the largest time of any record
};

}  // namespace tracedb::bench::prv
