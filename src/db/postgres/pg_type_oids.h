// The PostgreSQL type oids that tracedb's readers tell apart (pg_type.dat,
// fixed since forever): how a column's kind is known from its type, for
// the text cursor's cells (pg_cursor.h) and the binary COPY's checks
// (pg_copy_cursor.h).
//
// Constants only; no threading concerns.
#pragma once

namespace tracedb::pg_type {

enum : unsigned {
  kBool = 16,
  kInt8 = 20,
  kInt2 = 21,
  kInt4 = 23,
  kOid = 26,
  kJson = 114,
  kFloat4 = 700,
  kFloat8 = 701,
  kNumeric = 1700,
  kJsonb = 3802,
};

}  // namespace tracedb::pg_type
