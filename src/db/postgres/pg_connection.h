// PgConnection: one libpqxx connection to a tracedb PostgreSQL database,
// named for messages without its password (pg_conninfo.h). Run() turns every
// libpqxx or server error into a DbError: "postgresql://u@h:5432/db: problem".
//
// One thread at a time, like pqxx::connection itself.
#pragma once

#include <pqxx/pqxx>
#include <string>
#include <utility>

#include "db/db_error.h"

namespace tracedb {

// The first line of a libpq or server message, without "ERROR:", and its
// HINT line's text in brackets when it has one:
//   "out of shared memory (You might need to increase max_locks_per_transaction.)"
std::string PostgresProblem(const std::string& message);
// The same with the server's other lines kept, as psql shows them: the
// LINE of the statement with its caret, DETAIL and HINT. For the user's own
// SQL (tracedb query), whose text those lines quote.
std::string PostgresProblemInFull(const std::string& message);

class PgConnection {
 public:
  // Connects (DbError when it cannot: the server's words, naming the host).
  explicit PgConnection(const std::string& conninfo);

  pqxx::connection& get() { return *connection_; }
  const std::string& name() const { return name_; }
  const std::string& conninfo() const { return conninfo_; }

  // Runs `work`, translating the exceptions of libpqxx into DbError.
  template <typename Work>
  auto Run(Work&& work) -> decltype(work()) {
    try {
      return work();
    } catch (const pqxx::sql_error& e) {
      throw DbError(name_, PostgresProblem(e.what()), e.query());
    } catch (const pqxx::failure& e) {
      throw DbError(name_, PostgresProblem(e.what()));
    }
  }

 private:
  std::string conninfo_;
  std::string name_;
  std::unique_ptr<pqxx::connection> connection_;
};

}  // namespace tracedb
