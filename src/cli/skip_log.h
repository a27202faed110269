// How the commands tell of a skipped line (--on-error skip): one warning on
// stderr each, as they come, in file order for one file. --log-level error
// silences them; the summary still counts them.
//
//   tracedb: warning: run.paje:12: invalid time '1.x' (line skipped)
//
// And of what a read changed rather than refused (ReadCallbacks::on_warning):
//
//   tracedb: warning: old.paje:7: bytes that are not UTF-8 read as Latin-1 (first of 3 lines)
#pragma once

#include <spdlog/spdlog.h>

#include <functional>

#include "format/trace_format.h"
#include "model/bad_lines.h"
#include "model/input_error.h"

namespace tracedb {

inline SkipCallback SkipLog() {
  return [](const InputError& e) { spdlog::warn("{} (line skipped)", e.what()); };
}

inline std::function<void(const InputError&)> WarningLog() {
  return [](const InputError& e) { spdlog::warn("{}", e.what()); };
}

// Both, as dump and watch tell of every read.
inline ReadCallbacks LoggingCallbacks() {
  return ReadCallbacks{.on_warning = WarningLog(), .on_skip = SkipLog()};
}

}  // namespace tracedb
