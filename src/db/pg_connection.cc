#include "db/pg_connection.h"

#include "db/pg_conninfo.h"

namespace tracedb {

std::string PostgresProblem(const std::string& message) {
  std::string text = message;
  for (const char* prefix : {"ERROR:  ", "FATAL:  "}) {
    if (text.rfind(prefix, 0) == 0) text.erase(0, std::string(prefix).size());
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  std::string line;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      line += "; ";
      while (i + 1 < text.size() && (text[i + 1] == '\t' || text[i + 1] == ' ')) ++i;
    } else {
      line += text[i];
    }
  }
  return line;
}

PgConnection::PgConnection(const std::string& conninfo)
    : conninfo_(conninfo), name_(PostgresDisplayName(conninfo)) {
  Run([&] {
    connection_ = std::make_unique<pqxx::connection>(conninfo_);
    return 0;
  });
}

}  // namespace tracedb
