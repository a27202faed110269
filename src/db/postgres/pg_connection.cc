#include "db/postgres/pg_connection.h"

#include <string_view>

#include "db/postgres/pg_conninfo.h"

namespace tracedb {

namespace {

// The text of the message's "HINT:  " line, or "".
std::string HintOf(const std::string& message) {
  constexpr std::string_view kHint = "\nHINT:  ";
  size_t start = message.find(kHint);
  if (start == std::string::npos) return "";
  start += kHint.size();
  std::string hint = message.substr(start, message.find('\n', start) - start);
  while (!hint.empty() && hint.back() == ' ') hint.pop_back();
  return hint;
}

}  // namespace

// The primary message, and the server's hint in brackets: the other lines
// (LINE 1: ... with a caret, CONTEXT) need the layout this one-line message
// does not keep, but "out of shared memory" says nothing without its hint
// (raise max_locks_per_transaction).
std::string PostgresProblem(const std::string& message) {
  std::string text = message.substr(0, message.find('\n'));
  for (const char* prefix : {"ERROR:  ", "FATAL:  "}) {
    if (text.rfind(prefix, 0) == 0) text.erase(0, std::string(prefix).size());
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (std::string hint = HintOf(message); !hint.empty()) text += " (" + hint + ")";
  return text;
}

std::string PostgresProblemInFull(const std::string& message) {
  size_t end = message.find('\n');
  if (end == std::string::npos) return PostgresProblem(message);
  std::string rest = message.substr(end);
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == ' ')) rest.pop_back();
  return PostgresProblem(message.substr(0, end)) + rest;
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
