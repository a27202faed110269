// StartBackgroundPurge: hands the rows of the traces `tracedb delete` hid
// (TraceRemover::HideTrace) to a tracedb of its own, so that the command returns
// in a blink however big they are. The new process is
// `tracedb delete --db DB --purge-for PID` (this process's pid), in a
// session of its own (a ctrl-C in the terminal does not reach it), with
// stdin, stdout and stderr on /dev/null: nobody waits for it. It outlives
// this process; a kill leaves the traces "deleting", and any later
// `tracedb delete` finishes them. HandToBackground also names it their
// remover at once, before it claims them itself (which may wait for another
// writer): until then they would look stopped, to `list` and to an ingest
// that would start a remover of its own.
//
// Thread-safe (posix_spawn); StartBackgroundPurge changes nothing in this
// process. HandToBackground and WarnStoppedRemovals use the archive on the
// caller's thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/archive.h"
#include "db/trace_record.h"

namespace tracedb {

// The "deleting" traces among `traces` whose remover is gone: a background
// removal that was killed, which a tracedb delete (or an ingest) finishes.
std::vector<TraceRecord> StoppedRemovals(const std::vector<TraceRecord>& traces);

// A warning on stderr for each of `traces` whose removal stopped: its rows
// stay until a tracedb delete (or an ingest) finishes it.
void WarnStoppedRemovals(const std::string& db, const std::vector<TraceRecord>& traces);

// The process's pid; none, with the reason in `problem`, when it could not
// start or would not outlive this one (this is a container's first process,
// pid 1): the caller should then remove the rows itself.
std::optional<int64_t> StartBackgroundPurge(const std::string& db, std::string* problem);

// StartBackgroundPurge, then the new process named the remover of what it
// will remove (TraceRemover::HandRemovalsTo); false as StartBackgroundPurge.
bool HandToBackground(Archive& archive, std::string* problem);

}  // namespace tracedb
