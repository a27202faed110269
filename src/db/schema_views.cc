#include "db/schema_views.h"

#include <cctype>

namespace tracedb {
namespace {

constexpr std::string_view kCreate = "CREATE VIEW ";

// `line` without its "--" comment.
std::string_view Code(std::string_view line) {
  size_t comment = line.find("--");
  return comment == std::string_view::npos ? line : line.substr(0, comment);
}

bool IsNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The name after each "CREATE VIEW " of `code`.
void AddNames(std::string_view code, std::vector<std::string>* names) {
  for (size_t at = code.find(kCreate); at != std::string_view::npos;
       at = code.find(kCreate, at + 1)) {
    size_t start = at + kCreate.size();
    size_t end = start;
    while (end < code.size() && IsNameChar(code[end])) ++end;
    if (end > start) names->emplace_back(code.substr(start, end - start));
  }
}

}  // namespace

std::vector<std::string> ViewNames(std::string_view views_sql) {
  std::vector<std::string> names;
  while (!views_sql.empty()) {
    size_t end = views_sql.find('\n');
    std::string_view line = views_sql.substr(0, end);
    AddNames(Code(line), &names);
    views_sql.remove_prefix(end == std::string_view::npos ? views_sql.size() : end + 1);
  }
  return names;
}

std::string DropViewsSql(const ViewDefinitions& views) {
  std::vector<std::string> names = ViewNames(views.sql);
  std::string sql;
  for (auto name = names.rbegin(); name != names.rend(); ++name) {
    sql += "DROP VIEW IF EXISTS " + *name + ";\n";
  }
  return sql;
}

std::string ApplyViewsSql(const ViewDefinitions& views, std::string_view now_sql) {
  return DropViewsSql(views) + std::string(views.sql) +
         "\nCREATE TABLE IF NOT EXISTS schema_views ("
         "digest TEXT NOT NULL, applied_at TEXT NOT NULL);\n"
         "DELETE FROM schema_views;\n"
         "INSERT INTO schema_views (digest, applied_at) VALUES ('" +
         std::string(views.digest) + "', " + std::string(now_sql) + ");\n";
}

}  // namespace tracedb
