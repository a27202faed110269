// Archive: a tracedb database, whichever kind holds it (a SQLite file or a
// PostgreSQL database), as a plain struct of the roles the commands use:
//
//   catalog    the traces it holds: list, find, describe (trace_catalog.h)
//   loader     loads in, interrupted loads cleaned (trace_loader.h)
//   remover    deletes, hidden deletes, their rows purged (trace_remover.h)
//   summaries  summaries for traces stored without them (summary_store.h)
//   reader     a complete trace's rows in a snapshot, the user's query
//              (trace_reader.h)
//
// Code below the command line takes the role it uses, not the archive.
// Each backend implements the roles with the same meaning; OpenArchive
// (pipeline/open_archive.h) picks one from the --db text.
//
// Traces go through loading -> complete | failed (trace_record.h), and
// through deleting when SQLite leaves a big trace's rows for later.
//
// Ownership and threads: the roles of one Archive share its connection
// (each backend keeps one object behind them all, alive while any role
// is), so one thread at a time uses them, all together; other threads and
// processes open their own Archive. Each role's header says what it
// throws (DbError, whose text starts with name()).
#pragma once

#include <memory>
#include <string>

#include "db/summary_store.h"
#include "db/trace_catalog.h"
#include "db/trace_loader.h"
#include "db/trace_reader.h"
#include "db/trace_remover.h"

namespace tracedb {

// What a command does with an archive. kCreate (ingest, watch) makes a
// missing SQLite file; the others refuse it: `tracedb list` in the wrong
// folder should say so, not leave a tracedb.sqlite behind. kRead (list,
// info, query, dump, export-csv) also reads a SQLite archive that the user
// may not write (a shared group folder): opened read-only, neither
// migrated nor cleaned of interrupted loads.
enum class ArchiveAccess { kCreate, kChange, kRead };

struct Archive {
  std::shared_ptr<TraceCatalog> catalog;    // every command that names a trace
  std::shared_ptr<TraceLoader> loader;      // ingest, watch; list cleans up
  std::shared_ptr<TraceRemover> remover;    // delete; ingest's cancelled load
  std::shared_ptr<SummaryStore> summaries;  // summarize
  std::shared_ptr<TraceReader> reader;      // dump, export-csv, query, the analyses

  // How messages name the database: the file, or the connection without
  // its password.
  const std::string& name() const { return catalog->name(); }
};

// The roles of `backend`, one object that implements all five and owns
// the connection they share.
template <typename Backend>
std::unique_ptr<Archive> ArchiveOf(std::shared_ptr<Backend> backend) {
  return std::make_unique<Archive>(Archive{.catalog = backend,
                                           .loader = backend,
                                           .remover = backend,
                                           .summaries = backend,
                                           .reader = backend});
}

}  // namespace tracedb
