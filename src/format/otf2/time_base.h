// TimeBase: OTF2 timestamps (ticks) as seconds, from the archive's clock
// properties (../shared/docs/otf2-format.md, "Time"):
//
//   seconds = (timestamp - globalOffset) / timerResolution
//
// with the difference taken in 64-bit integers first: offsets reach 4e18
// ticks, far past what a double holds exactly.
//
// A plain value; any thread.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace tracedb::otf2 {

struct TimeBase {
  uint64_t offset = 0;
  uint64_t resolution = 1;  // ticks per second, never 0

  // Ticks since the offset, negative before it.
  int64_t Since(uint64_t timestamp) const { return static_cast<int64_t>(timestamp - offset); }
  double Seconds(uint64_t timestamp) const {
    return static_cast<double>(Since(timestamp)) / static_cast<double>(resolution);
  }
  // "timestamp 3010 (0.003010000 s)", as messages name a time.
  std::string At(uint64_t timestamp) const {
    char seconds[64];
    std::snprintf(seconds, sizeof seconds, "%.9f", Seconds(timestamp));
    return "timestamp " + std::to_string(timestamp) + " (" + seconds + " s)";
  }
};

}  // namespace tracedb::otf2
