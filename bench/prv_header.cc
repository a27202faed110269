// The header of prv_header.h.
#include "prv_header.h"

namespace tracedb::bench::prv {
namespace {

// "c:APPL:ID:N_TASKS:TASK...": MPI_COMM_WORLD, then task 1's MPI_COMM_SELF.
void WriteCommunicators(Output& out, const Layout& layout) {
  out.BeginLine();
  out.Put("c:1:1:");
  out.PutUint(layout.tasks);
  for (std::uint32_t t = 1; t <= layout.tasks; ++t) {
    out.BeginLine();  // the line grows with --tasks
    out.Put(':');
    out.PutUint(t);
  }
  out.Put('\n');
  out.BeginLine();
  out.Put("c:1:2:1:1\n");
}

}  // namespace

void WriteHeader(Output& out, const Layout& layout, std::uint64_t end) {
  out.BeginLine();
  out.Put("#Paraver (01/03/2024 at 10:00):");
  out.PutUint(end);
  out.Put("_ns:");
  out.PutUint(layout.nodes);
  for (std::uint32_t n = 0; n < layout.nodes; ++n) {
    out.BeginLine();  // the line grows with --nodes and --tasks
    out.Put(n == 0 ? '(' : ',');
    out.PutUint(layout.cpus_per_node);
  }
  out.Put("):1:");
  out.PutUint(layout.tasks);
  for (std::uint32_t t = 0; t < layout.tasks; ++t) {
    out.BeginLine();
    out.Put(t == 0 ? '(' : ',');
    out.PutUint(layout.threads_per_task);
    out.Put(':');
    out.PutUint(layout.NodeOf(t) + 1);
  }
  out.Put("),2\n");
  WriteCommunicators(out, layout);
}

}  // namespace tracedb::bench::prv
