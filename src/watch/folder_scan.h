// What the watched folder holds: its regular files with the size and
// modification time that tell whether they are still being written, and
// which of them may be traces.
// Thread-safe (no state).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tracedb::watch {

struct FileSighting {
  std::string name;  // in the folder, no directory part
  uintmax_t size = 0;
  std::filesystem::file_time_type modified;
};

// Every regular file of `dir`, and every folder of it that holds a trace (an
// OTF2 archive: pipeline/formats.h), by name; a folder's size and time are
// its files' sum and latest, so that it is stable once all of them are. Not
// done/, failed/ or hidden folders. A file that vanishes while the folder is
// read is left out. Throws std::filesystem::filesystem_error when `dir`
// cannot be read.
std::vector<FileSighting> ScanFolder(const std::string& dir);

// Whether a file of that name is taken as a trace: not hidden (".x", how
// rsync and editors name files in progress), not "x.part" or "x.tmp"
// (downloads and copies in progress, renamed when complete), and not a
// companion of a trace (Paraver's x.pcf, x.row), which moves with it
// (pipeline/formats.h).
bool IsTraceName(std::string_view name);

}  // namespace tracedb::watch
