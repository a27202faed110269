// The first line of a .prv file, which declares the time unit, the end time
// and every object (nodes and CPUs, applications, tasks and threads):
//
//   #Paraver (09/10/2019 at 16:08):6082352213_ns:1(4):1:4(1:1,1:1,1:1,1:1),5
//   #Paraver (23/02/01 at 18:57):1000:2(4,4):2:2(4:2,4:1):1(4:2)
//   #Paraver (10/04/01 at 18:21):620244:0:1:1(4:0)
//
// See ../shared/docs/paraver-format.md for every variant accepted here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracedb::paraver {

struct TaskShape {
  uint32_t threads;
  uint32_t node;  // 1-based; 0 when the header has no resource model
};

struct ParaverHeader {
  std::string date;                     // between the parentheses, as written
  int64_t end_time = 0;                 // raw ticks
  std::string unit;                     // the suffix as written ("ns"); empty when none
  double seconds_per_tick = 1e-6;       // ns 1e-9, ms 1e-3; no suffix or another: microseconds
  int tick_decimals = 6;                // decimal places of one tick in seconds (9, 6, 3)
  std::vector<uint32_t> cpus_per_node;  // empty: no resource model ("0")
  std::vector<std::vector<TaskShape>> applications;  // application -> its tasks
  std::optional<uint64_t> communicator_count;        // the optional ",N_COMM"
  bool latin1 = false;  // the date or unit was not UTF-8, and was read as Latin-1
};

// Parses the header line (without its line end). Its texts are UTF-8
// (model/latin1_text.h). Throws ProblemError on line 1 with "malformed
// Paraver header: ..." naming what is wrong, quoting the line's own bytes.
ParaverHeader ParseHeader(std::string_view line);

// Whether `text` starts like a Paraver trace ("#Paraver", then " (" or "(").
bool LooksLikeParaverHeader(std::string_view text);

// The date as ISO 8601 ("2019-10-09T16:08") when it is dd/mm/yy[yy] [at]
// hh:mm[:ss]; nullopt for any other spelling (keep the text then).
std::optional<std::string> IsoDate(std::string_view date);

}  // namespace tracedb::paraver
