#include "db/postgres/pg_session.h"

#include <libpq-fe.h>

#include <memory>

#include "db/db_error.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_conninfo.h"

namespace tracedb {
namespace {

struct ResultDeleter {
  void operator()(PGresult* result) const { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

}  // namespace

PgSession::PgSession(const std::string& conninfo, std::string name) : name_(std::move(name)) {
  // libpq's message for text it cannot parse may quote the password.
  if (std::string problem = ConninfoProblem(conninfo); !problem.empty()) {
    throw DbError(name_, problem);
  }
  connection_ = PQconnectdb(conninfo.c_str());
  if (PQstatus(connection_) != CONNECTION_OK) {
    std::string problem = PostgresProblem(PQerrorMessage(connection_));
    PQfinish(connection_);
    throw DbError(name_, problem);
  }
  // libpq prints the server's notices to stderr; those of a load's own SQL
  // ("table ... does not exist, skipping") say nothing to its user.
  PQsetNoticeProcessor(connection_, [](void*, const char*) {}, nullptr);
}

PgSession::~PgSession() { PQfinish(connection_); }

void PgSession::Fail(const std::string& sql, const char* message) const {
  throw DbError(name_, PostgresProblem(message ? message : PQerrorMessage(connection_)), sql);
}

std::vector<std::string> PgSession::Query(const std::string& sql,
                                          const std::vector<std::optional<std::string>>& params) {
  std::vector<const char*> values;
  for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
  // Without parameters, PQexec: it also runs several statements at once.
  Result result(values.empty()
                    ? PQexec(connection_, sql.c_str())
                    : PQexecParams(connection_, sql.c_str(), static_cast<int>(values.size()),
                                   nullptr, values.data(), nullptr, nullptr, 0));
  ExecStatusType status = PQresultStatus(result.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    Fail(sql, PQresultErrorMessage(result.get()));
  }
  std::vector<std::string> column;
  for (int row = 0; row < PQntuples(result.get()); ++row) {
    column.emplace_back(PQgetvalue(result.get(), row, 0));
  }
  return column;
}

bool PgSession::TryExec(const std::string& sql) noexcept {
  Result result(PQexec(connection_, sql.c_str()));
  return PQresultStatus(result.get()) == PGRES_COMMAND_OK;
}

void PgSession::BeginCopy(const std::string& copy_sql) {
  copy_sql_ = copy_sql;
  Result start(PQexec(connection_, copy_sql.c_str()));
  if (PQresultStatus(start.get()) != PGRES_COPY_IN) {
    Fail(copy_sql, PQresultErrorMessage(start.get()));
  }
}

void PgSession::SendCopyData(std::string_view data) {
  if (PQputCopyData(connection_, data.data(), static_cast<int>(data.size())) != 1) {
    Fail(copy_sql_);
  }
}

void PgSession::EndCopy() {
  if (PQputCopyEnd(connection_, nullptr) != 1) Fail(copy_sql_);
  Result end(PQgetResult(connection_));
  bool ok = PQresultStatus(end.get()) == PGRES_COMMAND_OK;
  std::string message = ok ? "" : PQresultErrorMessage(end.get());
  while (Result more{PQgetResult(connection_)}) {
  }
  if (!ok) Fail(copy_sql_, message.c_str());
}

}  // namespace tracedb
