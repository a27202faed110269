// WriteWholeFile: a file that appears complete or not at all, as the
// charts and reports are written: a FileSet of one (file_set.h), PATH.part
// beside it, then a rename over PATH (an older PATH is replaced). The
// folder must exist: a missing one is more often a typo than a wish.
// Errors are FileErrors naming the path: "out/x.svg: no folder 'out' (make
// it first)", "x.svg.part: No space left on device"; nothing is left behind.
// A symbolic link is followed: its file is replaced, the link kept. A named
// pipe or a device (/dev/stdout) is written into as it is, not replaced.
//
// Plain function; no threading concerns.
#pragma once

#include <string>
#include <string_view>

#include "results/file_set.h"

namespace tracedb {

void WriteWholeFile(const std::string& path, std::string_view content);

}  // namespace tracedb
