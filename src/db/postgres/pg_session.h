// PgSession: a bare libpq connection, for the one job libpqxx 6.4 does badly:
// bulk loading. Its COPY streams only text and formats each double through
// a stream; here rows go in PostgreSQL's binary COPY format (pg_copy_writer.h),
// written straight to libpq. A load (pg_load.h) runs each of its two
// transactions on a PgSession of its own. Failures are DbErrors naming the
// database as `name`.
// One thread at a time.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct pg_conn;

namespace tracedb {

class PgSession {
 public:
  PgSession(const std::string& conninfo, std::string name);
  ~PgSession();
  PgSession(const PgSession&) = delete;
  PgSession& operator=(const PgSession&) = delete;

  // Runs `sql` with text parameters ($1, $2...; nullopt is NULL) and returns
  // the first column of each row ("" for NULL).
  std::vector<std::string> Query(const std::string& sql,
                                 const std::vector<std::optional<std::string>>& params = {});
  void Exec(const std::string& sql) { Query(sql); }
  // Runs the SQL that `builder` (a query of one value, pg_partitions.h)
  // returns: DDL made from the catalog, in two round trips.
  void ExecBuiltBy(const std::string& builder) { Exec(Query(builder).at(0)); }
  // Exec that never throws, for error paths: false when it failed.
  bool TryExec(const std::string& sql) noexcept;

  // COPY ... FROM STDIN in pieces, already in the COPY statement's format:
  // BeginCopy, SendCopyData as each piece is made (the server works on one
  // while the next is made), EndCopy.
  void BeginCopy(const std::string& copy_sql);
  void SendCopyData(std::string_view data);
  void EndCopy();

  const std::string& name() const { return name_; }

 private:
  // `message`: the failed result's, else the connection's last error.
  [[noreturn]] void Fail(const std::string& sql, const char* message = nullptr) const;

  std::string name_;
  pg_conn* connection_ = nullptr;
  std::string copy_sql_;  // of the COPY under way, for its errors
};

}  // namespace tracedb
