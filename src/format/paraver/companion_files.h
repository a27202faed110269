// The files of one Paraver trace: NAME.prv (or NAME.prv.gz) and, beside it,
// the optional NAME.pcf (labels) and NAME.row (names).
#pragma once

#include <string>

namespace tracedb::paraver {

struct ParaverFiles {
  std::string trace;  // the .prv, or "-" for stdin
  std::string pcf;    // empty: none
  std::string row;    // empty: none
};

// The companions found beside `trace` (NAME.prv[.gz] -> NAME.pcf, NAME.row;
// another name loses its last extension instead), unless `pcf` or `row` is
// given, which then wins. Missing companions are no error; stdin has none.
ParaverFiles FindCompanions(const std::string& trace, const std::string& pcf,
                            const std::string& row);

// Where the companion with that extension (".pcf") of `trace` would be:
// NAME.prv[.gz] -> NAME.pcf; another name loses its last extension instead.
std::string CompanionPath(const std::string& trace, const char* extension);

// The whole content of a small file (plain or gzip). Throws InputError.
std::string ReadSmallFile(const std::string& path);

}  // namespace tracedb::paraver
