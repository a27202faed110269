// Helpers for the Paraver tests: a trace and its companions written in the
// test's temporary folder, and its dump (sorted lines, or the error).
#pragma once

#include <string>

#include "format/paraver/paraver_reader.h"
#include "support/test_support.h"

namespace tracedb::testing {

// Writes NAME.prv, and NAME.pcf / NAME.row when not empty; returns the .prv
// path.
std::string WriteParaverTrace(const std::string& name, const std::string& prv,
                              const std::string& pcf = "", const std::string& row = "");

// The warnings tracedb prints for the .prv at `path` ("-": stdin) read
// without its .pcf (`pcf`) and .row (`row`).
std::string NoCompanionWarnings(const std::string& path, bool pcf = true, bool row = true);

// What `tracedb dump -u` prints for `prv_path` and the companions beside
// it, through ReadParaverTrace with `options` (simulator.keep_extras: -u).
DumpOutcome DumpParaverFile(const std::string& prv_path, ReadOptions options = {},
                            const ReadCallbacks& callbacks = {},
                            size_t recent_values = paraver::kRecentValues);

// The same for a .prv held in memory and read as the file `name`, without
// companions (ReadParaverTrace of an InputFile, as the fuzzer reads it).
DumpOutcome DumpParaverBytes(const std::string& name, const std::string& prv,
                             ReadOptions options = {});

// Writes "trace.prv" (and companions) and dumps it.
DumpOutcome DumpParaver(const std::string& prv, const std::string& pcf = "",
                        const std::string& row = "");

// The error DumpParaver reports for `problem` at `line` of "trace.prv".
std::string ParaverErrorAt(uint64_t line, const std::string& problem);

}  // namespace tracedb::testing
