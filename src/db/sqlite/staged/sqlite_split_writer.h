// SqliteSplitWriter: writes each batch of a staged load into all the
// scratch parts at once (db/sqlite/staged/sqlite_staged_load.h), one thread per part: the
// caller's thread writes part 0 through the archive's connection, where the
// part is attached; every other part has a connection and, for each batch,
// a thread of its own. Each part takes the rows of its share of the
// containers (RowShare), so a container's rows stay in one part, in order.
//
// One SQLite file takes one writer at a time, and that writer's thread was
// the ingest's slowest stage: with two parts, the load phase of the 1 GB
// generated Paraver trace went from 21.5 to 17.2 s on two cores, with the
// publish no slower (rows of one container still come in order).
//
// Write from one thread at a time (the pipeline's writer thread), while
// nothing else uses the archive's connection; each call starts and joins the
// other parts' threads. Destroy it before `staged`: its statements name the
// scratch schemas.
#pragma once

#include <memory>
#include <vector>

#include "db/sqlite/sqlite_connection.h"
#include "db/sqlite/sqlite_row_writer.h"
#include "db/sqlite/staged/sqlite_staged_load.h"
#include "model/row_writer.h"

namespace tracedb {

class SqliteSplitWriter : public RowWriter {
 public:
  SqliteSplitWriter(SqliteConnection& archive, SqliteStagedLoad& staged);
  void Write(const RowBatch& batch) override;

 private:
  struct Part {
    std::unique_ptr<SqliteConnection> connection;  // none for part 0
    std::unique_ptr<SqliteRowWriter> writer;
  };
  std::vector<Part> parts_;
};

}  // namespace tracedb
