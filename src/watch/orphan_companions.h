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

// The companions among `files` (a scan of DIR, by name) that no file of
// DIR may be the trace of (x.prv, or x.prv.part and .x.prv.Ab12c on their
// way, for x.pcf), nor a trace a watcher holds in a folder under `working`
// (file_claims.h).
std::vector<std::string> TracelessCompanions(const std::vector<FileSighting>& files,
                                             const std::filesystem::path& working);

// Those of them that `tracker` has seen for its longer wait
// (StabilityTracker::SeenForTheWait): the orphans.
std::vector<std::string> OrphanCompanions(const std::vector<FileSighting>& files,
                                          const StabilityTracker& tracker,
                                          StabilityTracker::Clock::time_point now,
                                          const std::filesystem::path& working);

}  // namespace tracedb::watch
