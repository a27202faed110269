#include "db/postgres/pg_copy_cursor.h"

#include <cstring>

#include "db/db_error.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_type_oids.h"

namespace tracedb {
namespace {

// "PGCOPY\n\377\r\n\0", then the flags and the header extension's length.
constexpr char kExpectedSignature[] = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', '\377', '\r', '\n', '\0'};
constexpr int kHeaderSize = sizeof(kExpectedSignature) + 8;

struct FreedByLibpq {
  void operator()(void* data) const { PQfreemem(data); }
};

// Whether a column of `type` holds numbers of `kind`.
bool IsOfKind(Oid type, ColumnKind kind) {
  if (kind == ColumnKind::kInteger) {
    return type == pg_type::kInt2 || type == pg_type::kInt4 || type == pg_type::kInt8;
  }
  return type == pg_type::kFloat4 || type == pg_type::kFloat8;
}

// A big-endian number of `size` bytes at `data`.
uint64_t BigEndian(const char* data, int size) {
  uint64_t number = 0;
  for (int i = 0; i < size; ++i) number = (number << 8) | static_cast<unsigned char>(data[i]);
  return number;
}

int64_t SignedOf(uint64_t bits, int size) {
  int shift = 64 - 8 * size;  // sign-extends a narrower integer
  return static_cast<int64_t>(bits << shift) >> shift;
}

double RealOf(uint64_t bits, int size) {
  if (size == 4) {
    auto narrow = static_cast<uint32_t>(bits);
    float real = 0;
    std::memcpy(&real, &narrow, sizeof real);
    return real;
  }
  double real = 0;
  std::memcpy(&real, &bits, sizeof real);
  return real;
}

}  // namespace

PgCopyCursor::PgCopyCursor(const std::string& conninfo, std::string name,
                           const std::string& snapshot, const std::string& sql,
                           std::vector<ColumnKind> kinds)
    : name_(std::move(name)), kinds_(std::move(kinds)), values_(kinds_.size()) {
  connection_.reset(PQconnectdb(conninfo.c_str()));
  if (!connection_) Fail("out of memory for a connection");
  if (PQstatus(connection_.get()) != CONNECTION_OK) Fail(PQerrorMessage(connection_.get()));
  Run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", PGRES_COMMAND_OK);
  std::unique_ptr<char, FreedByLibpq> literal(
      PQescapeLiteral(connection_.get(), snapshot.data(), snapshot.size()));
  if (!literal) Fail(PQerrorMessage(connection_.get()));
  Run("SET TRANSACTION SNAPSHOT " + std::string(literal.get()), PGRES_COMMAND_OK);
  CheckKinds(sql);
  Run("COPY (" + sql + ") TO STDOUT (FORMAT binary)", PGRES_COPY_OUT);
}

// Asks the server to stop sending first: closing alone would leave it
// making rows until it notices the client is gone.
PgCopyCursor::~PgCopyCursor() {
  if (done_ || !connection_) return;
  if (PGcancel* cancel = PQgetCancel(connection_.get())) {
    char problem[256];
    PQcancel(cancel, problem, sizeof problem);  // best effort: closing ends the COPY anyway
    PQfreeCancel(cancel);
  }
}

// Binary COPY sends no types: the query's columns are described first and
// checked against the kinds declared.
void PgCopyCursor::CheckKinds(const std::string& sql) {
  Result prepared(PQprepare(connection_.get(), "", sql.c_str(), 0, nullptr), &PQclear);
  Check(prepared.get(), PGRES_COMMAND_OK);
  Result described(PQdescribePrepared(connection_.get(), ""), &PQclear);
  Check(described.get(), PGRES_COMMAND_OK);
  if (PQnfields(described.get()) != static_cast<int>(kinds_.size())) {
    Fail("the query has " + std::to_string(PQnfields(described.get())) + " columns, " +
         std::to_string(kinds_.size()) + " declared");
  }
  for (size_t column = 0; column < kinds_.size(); ++column) {
    if (!IsOfKind(PQftype(described.get(), static_cast<int>(column)), kinds_[column])) {
      Fail("column " + std::to_string(column + 1) + " is not a number of the kind declared");
    }
  }
}

void PgCopyCursor::Fail(const std::string& problem) const {
  throw DbError(name_, PostgresProblem(problem));
}

void PgCopyCursor::Run(const std::string& sql, ExecStatusType expected) {
  Result result(PQexec(connection_.get(), sql.c_str()), &PQclear);
  Check(result.get(), expected);
}

void PgCopyCursor::Check(const PGresult* result, ExecStatusType expected) const {
  if (result == nullptr) Fail(PQerrorMessage(connection_.get()));
  if (PQresultStatus(result) != expected) Fail(PQresultErrorMessage(result));
}

bool PgCopyCursor::Next() {
  while (!done_) {
    char* data = nullptr;
    int size = PQgetCopyData(connection_.get(), &data, 0);
    std::unique_ptr<char, FreedByLibpq> owned(data);
    if (size == -1) {
      Finish();
    } else if (size < 0) {
      Fail(PQerrorMessage(connection_.get()));
    } else if (ReadRow(data, size)) {
      return true;
    }
  }
  return false;
}

// The COPY's own result, after its last row: an error met while sending
// the rows shows up here.
void PgCopyCursor::Finish() {
  done_ = true;
  std::string problem;
  while (PGresult* result = PQgetResult(connection_.get())) {
    if (PQresultStatus(result) != PGRES_COMMAND_OK && problem.empty()) {
      problem = PQresultErrorMessage(result);
    }
    PQclear(result);
  }
  if (!problem.empty()) Fail(problem);
}

// One CopyData message: a row (after the header, in the first), the
// trailer, or the header alone. True for a row.
bool PgCopyCursor::ReadRow(const char* data, int size) {
  const char* end = data + size;
  auto take = [&](int bytes) {
    if (end - data < bytes) Fail("COPY sent a truncated row");
    const char* at = data;
    data += bytes;
    return at;
  };
  if (!header_read_) {
    if (std::memcmp(take(kHeaderSize), kExpectedSignature, sizeof kExpectedSignature) != 0) {
      Fail("COPY sent no binary signature");
    }
    uint64_t extension = BigEndian(data - 4, 4);
    if (extension > static_cast<uint64_t>(end - data)) Fail("COPY sent a truncated header");
    data += extension;
    header_read_ = true;
    if (data == end) return false;
  }
  auto fields = static_cast<int16_t>(BigEndian(take(2), 2));
  if (fields == -1) return false;  // the trailer
  if (fields != static_cast<int>(kinds_.size())) Fail("COPY sent an unexpected field count");
  for (size_t column = 0; column < kinds_.size(); ++column) {
    auto width = static_cast<int32_t>(BigEndian(take(4), 4));
    Value& value = values_[column];
    value = Value{};  // a NULL reads as 0
    if (width == -1) continue;
    value.null = false;
    bool integer = kinds_[column] == ColumnKind::kInteger;
    if (integer ? (width != 2 && width != 4 && width != 8) : (width != 4 && width != 8)) {
      Fail("column " + std::to_string(column + 1) + " is not a number of the kind declared");
    }
    uint64_t bits = BigEndian(take(width), width);
    value.integer = integer ? SignedOf(bits, width) : 0;
    value.real = integer ? static_cast<double>(value.integer) : RealOf(bits, width);
  }
  return true;
}

std::string PgCopyCursor::ColumnName(int column) const {
  return "column" + std::to_string(column + 1);  // COPY sends no names
}

// A real as an integer: truncated, 0 where no int64_t holds it (NaN too).
int64_t PgCopyCursor::Int(int column) const {
  const Value& value = values_[column];
  if (kinds_[column] == ColumnKind::kInteger) return value.integer;
  bool fits = value.real > -0x1p63 && value.real < 0x1p63;
  return fits ? static_cast<int64_t>(value.real) : 0;
}

double PgCopyCursor::Double(int column) const { return values_[column].real; }

std::string PgCopyCursor::Text(int column) const {
  if (IsNull(column)) return "";
  return CellAt(column).text;
}

CellKind PgCopyCursor::AppendCell(int column, std::string* out) const {
  if (IsNull(column)) return CellKind::kNull;
  if (kinds_[column] == ColumnKind::kInteger) {
    AppendInteger(Int(column), out);
    return CellKind::kInteger;
  }
  AppendRealExact(Double(column), out);
  return CellKind::kReal;
}

Cell PgCopyCursor::CellAt(int column) const {
  if (IsNull(column)) return NullCell();
  if (kinds_[column] == ColumnKind::kInteger) return IntegerCell(Int(column));
  return ExactRealCell(Double(column));
}

}  // namespace tracedb
