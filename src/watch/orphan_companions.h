// Which companions in the watched folder have no trace: a NAME.pcf or
// NAME.row whose trace never came, or was loaded before the companion
// arrived. Such a file would stay in DIR forever; the watcher moves it to
// failed/ once it has waited as long as a trace waits for its companions.
//
// No state; the watcher's thread.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "watch/folder_scan.h"
#include "watch/stability_tracker.h"

namespace tracedb::watch {

// The companions among `files` (a scan of `dir`, by name) that no trace of
// `dir` claims, nor a trace that a watcher holds in a folder under
// `working` (file_claims.h), and that have waited `tracker`'s longer wait
// (StabilityTracker::HasWaited).
std::vector<std::string> OrphanCompanions(const std::filesystem::path& dir,
                                          const std::vector<FileSighting>& files,
                                          const StabilityTracker& tracker,
                                          StabilityTracker::Clock::time_point now,
                                          const std::filesystem::path& working);

}  // namespace tracedb::watch
