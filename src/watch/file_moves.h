// Where the watcher puts a trace it is done with: DIR/done/ or DIR/failed/,
// together with the companions it was read with, and beside a failed one
// NAME.log with the error. A name already taken there is never overwritten:
// the whole set then gets "-2" (or "-3", ...) after the part of its names
// before the first '.' ("run.prv", "run.pcf" -> "run-2.prv", "run-2.pcf"),
// which keeps a Paraver trace and its companions matched. Several watchers
// may move into the same folder at once: no move replaces a file.
// Thread-safe for different files (no state).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tracedb::watch {

enum class Rename { kDone, kGone, kTaken };

// Renames `from` to `to` unless `to` exists (renameat2 RENAME_NOREPLACE,
// atomic; on a file system without it, a check then the rename): kDone,
// kGone when `from` is not there, kTaken when `to` is. Throws
// std::filesystem::filesystem_error for any other failure.
Rename RenameIfFree(const std::filesystem::path& from, const std::filesystem::path& to);

// Moves `files` (paths; the first is the trace) into the folder `to`;
// returns the trace's new path. With `log`, also writes `log` and a line
// end to the trace's new path + ".log". Throws
// std::filesystem::filesystem_error when a file cannot be moved or written.
std::string MoveTraceFiles(const std::vector<std::string>& files, const std::string& to,
                           const std::string& log = "");

}  // namespace tracedb::watch
