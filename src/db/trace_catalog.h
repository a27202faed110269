// TraceCatalog: an archive's traces as the commands look them up: every
// trace row, the one a user's TRACE argument names, and one trace's types
// with their row counts (`tracedb info`). Reads only; the rows change
// through the other roles (db/archive.h).
//
// All functions throw DbError, whose text starts with name(). Threading:
// the archive's (db/archive.h): one thread at a time for all its roles.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/trace_record.h"
#include "results/result_table.h"

namespace tracedb {

// A trace row and its types, each with its number of rows (`tracedb info`).
struct TraceDetail {
  TraceRecord trace;
  ResultTable types;  // id, kind, name, alias, rows
};

class TraceCatalog {
 public:
  virtual ~TraceCatalog() = default;

  // How messages name the database: the file, or the connection without
  // its password.
  virtual const std::string& name() const = 0;

  // Every trace, by id, whatever its status.
  virtual std::vector<TraceRecord> ListTraces() = 0;
  // The trace a user's TRACE argument names: "id:N", "name:TEXT", digits
  // or a name, as db/trace_lookup.h says. Nothing found is nullopt; an
  // ambiguous argument throws DbError.
  virtual std::optional<TraceRecord> FindTrace(std::string_view spec) = 0;
  // FindTrace's trace with its types, read in one snapshot.
  virtual std::optional<TraceDetail> Describe(std::string_view spec) = 0;
};

}  // namespace tracedb
