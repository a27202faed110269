// The files of an OTF2 archive, from its anchor (../shared/docs/otf2-format.md,
// "The archive"):
//
//   traces.otf2        the anchor
//   traces.def         global definitions
//   traces/ID.evt      the records of location ID
//   traces/ID.def      its local definitions (optional)
//
// Score-P names them traces.*, EZTrace eztrace_log.*: the folder is the
// anchor's name without ".otf2".
//
// Plain functions; any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracedb::otf2 {

struct ArchiveFiles {
  std::string anchor;       // as given
  std::string definitions;  // the global definition file
  std::string folder;       // of the locations' files
};

ArchiveFiles FilesOf(const std::string& anchor);

// Location `id`'s event file.
std::string EventFile(const ArchiveFiles& files, uint64_t id);

// Every file of the archive but the anchor, by its path relative to the
// anchor's folder ("traces.def", "traces/0.evt", ...), in name order: what
// the trace's identity covers besides the anchor. Files that are missing
// are left out (the reader says so).
std::vector<std::string> ArchiveParts(const std::string& anchor);

// The anchor of the OTF2 archive in folder `dir`: its one *.otf2 file;
// nullopt when it has none or several.
std::optional<std::string> AnchorInFolder(const std::string& dir);

}  // namespace tracedb::otf2
