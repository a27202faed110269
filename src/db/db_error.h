// DbError: the one exception for database failures, whatever the database.
// Its text is "DATABASE: problem" (the file, or the connection without its
// password, as TraceCatalog::name() gives it; then the problem, often in the
// server's or library's own words) so main() can print it as is.
// statement() keeps the SQL that failed, for a debug log; it is not in the
// text because a whole migration would drown the message.
//
// An immutable value: safe to copy, and to rethrow on another thread (a
// writer thread's error reaches the ingest's thread so).
#pragma once

#include <stdexcept>
#include <string>

namespace tracedb {

class DbError : public std::runtime_error {
 public:
  DbError(std::string database, const std::string& problem, std::string statement = "")
      : std::runtime_error(database + ": " + problem),
        database_(std::move(database)),
        problem_(problem),
        statement_(std::move(statement)) {}

  const std::string& database() const { return database_; }
  const std::string& problem() const { return problem_; }
  const std::string& statement() const { return statement_; }

 private:
  std::string database_;
  std::string problem_;
  std::string statement_;
};

}  // namespace tracedb
