// How the commands tell of a skipped line (--on-error skip): one warning on
// stderr each, as they come, in file order for one file. --log-level error
// silences them; the summary still counts them.
//
//   tracedb: warning: run.paje:12: invalid time '1.x' (line skipped)
#pragma once

#include <spdlog/spdlog.h>

#include "model/bad_lines.h"

namespace tracedb {

inline BadLineOptions WithSkipLog(BadLineOptions options) {
  options.on_skip = [](const InputError& e) { spdlog::warn("{} (line skipped)", e.what()); };
  return options;
}

}  // namespace tracedb
