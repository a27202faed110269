// WatchFolder: `tracedb watch`. Loads every trace file that appears in a
// folder once it has stopped changing, up to `jobs` at a time, and moves it
// to DIR/done/ (loaded, or its content was already in the archive) or
// DIR/failed/ (with NAME.log holding the error). A line when it starts,
// then one per trace on stderr, each after the UTC time:
//
//   2026-11-25T02:10:00Z watching DIR into DB (1 job(s); a file is taken once unchanged for 2 s)
//   2026-11-25T02:10:03Z done DIR/a.paje -> trace 7 (1204 rows, 0.3 s)
//   2026-11-25T02:10:03Z done DIR/b.paje -> trace 7 (already in the database)
//   2026-11-25T02:10:04Z failed DIR/c.paje: DIR/c.paje:12: unknown container 'nosuch'
//   2026-11-25T02:10:09Z abandoned DIR/d.paje: stopped before it was loaded; left in DIR
//
// A trace lacking companions waits --companion-seconds more for them, then
// loads without them (with a warning line); a companion left without its
// trace as long is moved to failed/ ("failed DIR/x.pcf: ..."), so nothing
// stays behind in DIR.
//
// Several watchers may share DIR (one per host on a shared file system):
// each file is moved into the folder of the watcher that takes it first
// (file_claims.h), so it is read, logged and moved by that one alone.
//
// With --once, the trace files there at the start are loaded as each stops
// changing; one still changing --stable-seconds later is named ("skipped
// DIR/e.paje: still changing after 2 s; left in DIR") and left for later.
// A companion there without its trace is waited for as long as the
// continuous watcher waits (--stable-seconds + --companion-seconds), then
// moved to failed/ if its trace has not come: each run of a cron job is a
// --once, and none would ever clear it.
//
// SIGTERM or SIGINT stops it: no new file is taken, running loads get
// `grace` to finish and are then abandoned (their trace rows removed, their
// files left in DIR for the next run); a second signal abandons them at
// once. Restarting is safe: a file whose content is complete in the archive
// goes to done/ without a second load.
//
// Runs on the calling thread, which must be the process's only thread so
// far (see stop_signals.h); the jobs get threads of their own.
#pragma once

#include <string>

#include "pipeline/ingest_file.h"

namespace tracedb::watch {

struct WatchOptions {
  std::string dir;
  std::string db;
  int jobs = 1;               // files loaded at once
  double stable_seconds = 2;  // unchanged this long before a file is taken
  // A trace without all its companions (a Paraver NAME.prv whose NAME.pcf
  // or NAME.row is not there) waits this much longer for them; a companion
  // whose trace is not there after as long goes to failed/.
  double companion_seconds = 10;
  // Another watcher of DIR silent this long has its files taken over
  // (file_claims.h).
  double takeover_seconds = 60;
  double grace_seconds = 10;  // after a stop signal, before loads are abandoned
  bool once = false;          // take the files stable now, load them, exit
  TraceLabels labels;         // --comment, --tag, --tags-from-name (no --name)
  IngestFileOptions ingest;   // batch size, threads, -z, --on-error
};

// The exit code: 0, or 1 when --once left a file in failed/. Throws
// DbError when the archive cannot be opened, and
// std::filesystem::filesystem_error when the folder cannot be read or
// done/ and failed/ cannot be made. `callbacks` hear of each load's skipped
// lines and warnings, on that load's thread.
int WatchFolder(const WatchOptions& options, const ReadCallbacks& callbacks);

}  // namespace tracedb::watch
