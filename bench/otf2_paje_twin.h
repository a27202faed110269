// PajeTwin: the benchmark's OTF2 program (otf2_generator.h) written again as
// a Pajé trace, entity for entity: the same containers (cluster, nodes,
// "Rank r" processes, "Master thread" threads, of the same types), the
// regions as nested states of type "Region", the messages as links of type
// "MPI point-to-point" with their size, the collectives as events. So the
// two traces must give the same answers (profile, comm) once stored; only
// the counter is left out. Times are nanoseconds, written with 9 decimals:
// the same doubles as the OTF2 reader's ticks / 10^9.
//
// Records are kept per iteration and written sorted by time, as Pajé's
// links of one container must complete in time order.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace tracedb::bench {

class PajeTwin {
 public:
  // Writes the header and the containers of `ranks` ranks, on nodes of four.
  PajeTwin(std::FILE* out, uint32_t ranks);

  void Enter(uint32_t rank, uint64_t time, const char* region);
  void Leave(uint32_t rank, uint64_t time);
  void Send(uint32_t rank, uint64_t time, uint32_t to, uint32_t tag, uint64_t length);
  void Receive(uint32_t rank, uint64_t time, uint32_t from, uint32_t tag);
  void Collective(uint32_t rank, uint64_t time, const char* operation);
  // Writes the records kept so far, in time order.
  void Flush();
  // Destroys the containers at `time`, after a Flush.
  void End(uint64_t time);

 private:
  struct Line {
    uint64_t time;
    uint64_t order;
    std::string text;  // after the time
  };
  void Add(uint64_t time, int event, std::string rest);
  // The key of the next message from `from` to `to` with `tag`: sends and
  // receives of one key pair in order.
  std::string Key(uint32_t from, uint32_t to, uint32_t tag, bool send);

  std::FILE* out_;
  uint32_t ranks_;
  std::vector<Line> lines_;
  uint64_t order_ = 0;
  std::vector<uint64_t> sent_;      // by (from, to, tag % 4)
  std::vector<uint64_t> received_;  // likewise
};

}  // namespace tracedb::bench
