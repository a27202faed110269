// StartBackgroundPurge: hands the rows of the traces `tracedb delete` hid
// (Archive::HideTrace) to a tracedb of its own, so that the command returns
// in a blink however big they are. The new process is
// `tracedb delete --db DB --purge-for PID` (this process's pid), in a
// session of its own (a ctrl-C in the terminal does not reach it), with
// stdin, stdout and stderr on /dev/null: nobody waits for it. It outlives
// this process; a kill leaves the traces "deleting", and any later
// `tracedb delete` finishes them.
//
// Thread-safe (posix_spawn); it changes nothing in this process.
#pragma once

#include <string>
#include <vector>

#include "db/trace_record.h"

namespace tracedb {

// The "deleting" traces among `traces` whose remover is gone: a background
// removal that was killed, which a tracedb delete (or an ingest) finishes.
std::vector<TraceRecord> StoppedRemovals(const std::vector<TraceRecord>& traces);

// False, with the reason in `problem`, when the process could not start or
// would not outlive this one (this is a container's first process, pid 1):
// the caller should then remove the rows itself.
bool StartBackgroundPurge(const std::string& db, std::string* problem);

}  // namespace tracedb
