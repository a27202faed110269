#include "pipeline/open_archive.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "db/db_error.h"
#include "db/postgres/pg_archive.h"
#include "db/postgres/pg_conninfo.h"
#include "db/sqlite/sqlite_archive.h"

namespace tracedb {

namespace {

// The edits that turn `a` into `b` (Levenshtein), for "did you mean".
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// "postgresq://host/db" would otherwise become a SQLite file of that name
// (in a folder "postgresq:"): a URL of any other scheme is refused.
void RefuseOtherSchemes(const std::string& db) {
  size_t end = db.find("://");
  if (end == std::string::npos || end == 0) return;
  std::string_view scheme = std::string_view(db).substr(0, end);
  if (scheme.find_first_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-") !=
      std::string_view::npos) {
    return;
  }
  std::string hint;
  if (EditDistance(scheme, "postgresql") <= 2 || EditDistance(scheme, "postgres") <= 2) {
    // Shown as messages show connections: without the password.
    hint = "; did you mean " + PostgresDisplayName("postgresql://" + db.substr(end + 3)) + "?";
  }
  // The rest is not echoed: it may hold a password.
  throw DbError(std::string(scheme) + "://...",
                "unknown kind of database (a --db is a SQLite file or a postgresql:// URL)" + hint);
}

}  // namespace

std::unique_ptr<Archive> OpenArchive(const std::string& db, ArchiveAccess access) {
  if (IsPostgresConninfo(db)) return OpenPostgresArchive(db);
  RefuseOtherSchemes(db);
  return OpenSqliteArchive(db, access);
}

bool WouldCreateArchive(const std::string& db) {
  if (IsPostgresConninfo(db)) return false;
  RefuseOtherSchemes(db);
  return WouldCreateSqliteArchive(db);
}

}  // namespace tracedb
