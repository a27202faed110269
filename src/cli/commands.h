// The commands of tracedb, one function each. Options arrive parsed (see
// cli.cc, the only cxxopts user); each returns the process exit code and
// lets InputErrors travel up to RunCli, which prints them.
#pragma once

#include <string>

namespace tracedb {

struct DumpArgs {
  std::string file;                      // trace path, or "-" for stdin
  bool user_fields = false;              // -u: append user-defined fields
  bool ignore_incomplete_links = false;  // -z: drop links that never completed
  int threads = 0;                       // parser threads; 0: one per core beyond the first
};

int RunDump(const DumpArgs& args);

}  // namespace tracedb
