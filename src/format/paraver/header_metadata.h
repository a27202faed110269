// HeaderMetadata: the header facts kept with an ingested trace, as the JSON
// object stored in trace.metadata:
//
//   {"date":"09/10/2019 at 16:08","date_iso":"2019-10-09T16:08",
//    "time_unit":"ns","seconds_per_tick":1e-09,
//    "header_end_time":6082352213,"end_time":6082352213,
//    "nodes":[4],"applications":[[[1,1],[1,1],[1,1],[1,1]]],
//    "communicator_count":5,"communicators":["c:1:1:4:1:2:3:4",...],
//    "pcf":"/path/NAME.pcf","row":"/path/NAME.row"}
//
// time_unit is the header's suffix as written ("" when none); every stored
// time is raw ticks * seconds_per_tick as a double, so raw ticks =
// round(seconds / seconds_per_tick), exactly (ingest refuses |raw| >= 2^51).
// header_end_time is the header's END_TIME, end_time the trace's end (the
// larger of it and the largest record time), both in raw ticks. nodes: CPUs
// per node, null without a resource model; applications: per task
// [threads, node]. date_iso only when the date parses; pcf/row null if none.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "format/paraver/header.h"

namespace tracedb::paraver {

struct TraceFacts {
  int64_t end_ticks = 0;                   // the trace's end, raw
  std::vector<std::string> communicators;  // "c:" lines, as written
  std::string pcf;                         // companion paths; empty when none
  std::string row;
};

std::string HeaderMetadata(const ParaverHeader& header, const TraceFacts& facts);

}  // namespace tracedb::paraver
