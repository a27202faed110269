#include "db/postgres/pg_conninfo.h"

#include <libpq-fe.h>

#include <map>

namespace tracedb {
namespace {

// The keywords of libpq's key=value form that a connection string usually
// starts with.
constexpr std::string_view kKeywords[] = {"host",
                                          "hostaddr",
                                          "port",
                                          "dbname",
                                          "user",
                                          "password",
                                          "passfile",
                                          "service",
                                          "sslmode",
                                          "connect_timeout",
                                          "application_name",
                                          "options",
                                          "target_session_attrs"};

// libpq's message with each "quoted" piece of `conninfo` in it replaced
// by "...": it may be the password.
std::string WithoutQuotedText(std::string message, const std::string& conninfo) {
  size_t open = 0;
  while ((open = message.find('"', open)) != std::string::npos) {
    size_t close = message.find('"', open + 1);
    if (close == std::string::npos) break;
    std::string_view quoted(message.data() + open + 1, close - open - 1);
    if (quoted.size() > 1 && conninfo.find(quoted) != std::string::npos) {
      message.replace(open + 1, quoted.size(), "...");
      close = open + 4;
    }
    open = close + 1;
  }
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

std::map<std::string, std::string> Parse(const std::string& conninfo, bool* ok,
                                         std::string* problem = nullptr) {
  std::map<std::string, std::string> fields;
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
  *ok = options != nullptr;
  if (error != nullptr) {
    if (problem != nullptr) *problem = WithoutQuotedText(error, conninfo);
    PQfreemem(error);
  }
  if (options == nullptr) return fields;
  for (PQconninfoOption* o = options; o->keyword != nullptr; ++o) {
    if (o->val != nullptr && *o->val != '\0') fields[o->keyword] = o->val;
  }
  PQconninfoFree(options);
  return fields;
}

}  // namespace

bool IsPostgresConninfo(std::string_view db) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) return true;
  size_t start = db.find_first_not_of(" \t");
  if (start == std::string_view::npos) return false;
  std::string_view rest = db.substr(start);
  for (std::string_view keyword : kKeywords) {
    if (!rest.starts_with(keyword)) continue;
    size_t equals = rest.find_first_not_of(" \t", keyword.size());
    if (equals != std::string_view::npos && rest[equals] == '=') return true;
  }
  return false;
}

std::string PostgresDisplayName(const std::string& conninfo) {
  bool ok = false;
  std::map<std::string, std::string> fields = Parse(conninfo, &ok);
  if (!ok) return "postgresql (unparsable connection string)";
  auto get = [&](const char* key) {
    auto found = fields.find(key);
    return found == fields.end() ? std::string() : found->second;
  };
  std::string name = "postgresql://";
  if (!get("user").empty()) name += get("user") + "@";
  name += get("host").empty() ? get("hostaddr") : get("host");
  if (!get("port").empty()) name += ":" + get("port");
  name += "/" + get("dbname");
  if (!get("service").empty()) name += "?service=" + get("service");
  return name;
}

std::string ConninfoProblem(const std::string& conninfo) {
  bool ok = false;
  std::string problem;
  Parse(conninfo, &ok, &problem);
  if (ok) return "";
  return problem.empty() ? "cannot parse the connection string" : problem;
}

}  // namespace tracedb
