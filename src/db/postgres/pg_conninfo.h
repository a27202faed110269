// What --db text means a PostgreSQL database, and how messages name one.
// libpq reads the text itself (URI or "key=value ..." form, plus the PG*
// environment variables, ~/.pgpass and service files), so tracedb never
// needs the password; when the text holds one anyway, it never leaves the
// process in anything tracedb prints.
#pragma once

#include <string>
#include <string_view>

namespace tracedb {

// "postgresql://..." or "postgres://...", or libpq's key=value form
// ("host=db1 dbname=traces"): text that starts with a libpq keyword and '='.
// Anything else is a SQLite file path (write ./host=x for such a file).
bool IsPostgresConninfo(std::string_view db);

// The connection as messages show it, without password:
// "postgresql://alice@db1:5432/traces". Text libpq cannot parse comes back
// as "postgresql (unparsable connection string)", never echoed.
std::string PostgresDisplayName(const std::string& conninfo);

// Why libpq cannot parse `conninfo`, or "" when it can. libpq's own message
// quotes the text (a URI whole, a bad %-escape of the password...): every
// quoted piece of the connection string is left out of this one.
std::string ConninfoProblem(const std::string& conninfo);

}  // namespace tracedb
