#include "db/postgres/pg_connection.h"

#include "db/postgres/pg_conninfo.h"

namespace tracedb {

// The primary message only: the lines after it (LINE 1: ... with a caret,
// HINT, CONTEXT) need the layout this one-line message does not keep.
std::string PostgresProblem(const std::string& message) {
  std::string text = message.substr(0, message.find('\n'));
  for (const char* prefix : {"ERROR:  ", "FATAL:  "}) {
    if (text.rfind(prefix, 0) == 0) text.erase(0, std::string(prefix).size());
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string PostgresProblemInFull(const std::string& message) {
  size_t end = message.find('\n');
  if (end == std::string::npos) return PostgresProblem(message);
  std::string rest = message.substr(end);
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == ' ')) rest.pop_back();
  return PostgresProblem(message) + rest;
}

PgConnection::PgConnection(const std::string& conninfo)
    : conninfo_(conninfo), name_(PostgresDisplayName(conninfo)) {
  // libpq's message for text it cannot parse may quote the password.
  if (std::string problem = ConninfoProblem(conninfo); !problem.empty()) {
    throw DbError(name_, problem);
  }
  Run([&] {
    connection_ = std::make_unique<pqxx::connection>(conninfo_);
    return 0;
  });
}

}  // namespace tracedb
