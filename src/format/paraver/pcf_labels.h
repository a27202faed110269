// PcfLabels: what a .pcf file says about a trace's numbers: state names and
// colours, event type names, event value names per type. Sections start
// with a line holding only the section name:
//
//   STATES                 EVENT_TYPE
//   0    Idle              9   50000001    MPI Point-to-point
//   1    Running           VALUES
//                          2   MPI_Recv
//   STATES_COLOR           0   Outside MPI
//   0    {117,195,255}
//
// Parsing is lenient, as Paraver's: lines of these sections that match
// nothing (a colour that is not {R,G,B} included), and text before the first
// section, are skipped, and counted for a warning (noted_lines.h); other
// sections are ignored. A label is the rest of the line after the number,
// without surrounding white space (CR included).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "format/paraver/noted_lines.h"
#include "format/paraver/record.h"

namespace tracedb::paraver {

struct PcfLabels {
  std::unordered_map<int64_t, std::string> states;
  std::unordered_map<int64_t, std::string> state_colors;  // "{R,G,B}", as written
  std::unordered_map<int64_t, std::string> event_types;
  // Event type -> value -> label. All types listed before a VALUES line
  // share that list.
  std::unordered_map<int64_t, std::unordered_map<EventValue, std::string, EventValueHash>>
      event_values;
  NotedLines ignored;  // skipped lines, for a warning
};

PcfLabels ParsePcf(std::string_view text);

}  // namespace tracedb::paraver
