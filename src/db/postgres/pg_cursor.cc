#include "db/postgres/pg_cursor.h"

#include <charconv>

#include "db/postgres/pg_type_oids.h"

namespace tracedb {
namespace {

constexpr int kFetchRows = 10'000;

}  // namespace

PgCursor::PgCursor(PgConnection& connection, pqxx::work& work, std::string name,
                   std::unique_ptr<pqxx::work> owned)
    : connection_(connection), owned_(std::move(owned)), work_(&work), name_(std::move(name)) {
  Fetch();
}

std::unique_ptr<PgCursor> OpenPgCursor(PgConnection& connection, pqxx::work& work,
                                       const std::string& sql, const std::string& name) {
  connection.Run([&] { return work.exec("DECLARE " + name + " NO SCROLL CURSOR FOR " + sql); });
  return std::make_unique<PgCursor>(connection, work, name);
}

PgCursor::PgCursor(PgConnection& connection, pqxx::result whole, std::unique_ptr<pqxx::work> owned)
    : connection_(connection),
      owned_(std::move(owned)),
      batch_(std::move(whole)),
      last_batch_(true) {}

PgCursor::~PgCursor() = default;  // an owned transaction ends unfinished: rolled back

void PgCursor::Fetch() {
  batch_ = connection_.Run(
      [&] { return work_->exec("FETCH " + std::to_string(kFetchRows) + " FROM " + name_); });
  row_ = 0;
  last_batch_ = batch_.size() < static_cast<size_t>(kFetchRows);
}

bool PgCursor::Next() {
  if (started_) ++row_;
  started_ = true;
  if (row_ >= batch_.size()) {
    if (last_batch_) return false;
    Fetch();
    if (row_ >= batch_.size()) return false;
  }
  Locate();
  return true;
}

// One row and one field made, walked along the columns in place.
void PgCursor::Locate() {
  values_.assign(batch_.columns(), Value{});
  pqxx::row row = batch_[row_];
  size_t column = 0;
  for (auto field = row.begin(), end = row.end(); field != end; ++field, ++column) {
    if (!field->is_null()) values_[column] = {field->c_str(), field->size()};
  }
}

int64_t PgCursor::Int(int column) const {
  const Value& value = values_[column];
  int64_t number = 0;
  if (value.data != nullptr) std::from_chars(value.data, value.data + value.size, number);
  return number;
}

double PgCursor::Double(int column) const {
  const Value& value = values_[column];
  double number = 0;
  if (value.data != nullptr) std::from_chars(value.data, value.data + value.size, number);
  return number;
}

std::string PgCursor::Text(int column) const {
  const Value& value = values_[column];
  return value.data == nullptr ? std::string() : std::string(value.data, value.size);
}

// Numbers without a Cell: an integer's text is already as IntegerCell
// writes it (no sign for positives, no leading zeros).
CellKind PgCursor::AppendCell(int column, std::string* out) const {
  const Value& value = values_[column];
  if (value.data == nullptr) return CellKind::kNull;
  switch (batch_.column_type(column)) {
    case pg_type::kInt2:
    case pg_type::kInt4:
    case pg_type::kInt8:
    case pg_type::kOid:
      out->append(value.data, value.size);
      return CellKind::kInteger;
    case pg_type::kFloat4:
    case pg_type::kFloat8:
      AppendRealExact(Double(column), out);
      return CellKind::kReal;
    default:
      return RowCursor::AppendCell(column, out);
  }
}

Cell PgCursor::CellAt(int column) const {
  if (IsNull(column)) return NullCell();
  switch (batch_.column_type(column)) {
    case pg_type::kInt2:
    case pg_type::kInt4:
    case pg_type::kInt8:
    case pg_type::kOid:
      return IntegerCell(Int(column));
    case pg_type::kFloat4:
    case pg_type::kFloat8:
      return ExactRealCell(Double(column));
    case pg_type::kNumeric:  // exact decimal text, printed as it is
      return Cell{.kind = CellKind::kReal, .text = Text(column)};
    case pg_type::kBool:
      return BooleanCell(Text(column) == "t");
    case pg_type::kJson:
    case pg_type::kJsonb:
      return JsonCell(Text(column));
    default:
      return TextCell(Text(column));
  }
}

}  // namespace tracedb
