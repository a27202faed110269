#include "db/tie_sort.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "results/csv_text.h"

namespace tracedb {
namespace {

constexpr std::string_view kNullsLast = " NULLS LAST";
constexpr size_t kRereadPiece = size_t{1} << 16;  // bytes handed to the sink at once

std::string_view ColumnOfTerm(std::string_view term) {
  return term.substr(0, term.find(' '));
}

int ColumnIndex(const RowCursor& cursor, std::string_view name) {
  for (int i = 0; i < cursor.ColumnCount(); ++i) {
    if (cursor.ColumnName(i) == name) return i;
  }
  throw std::logic_error("tie sort: no column " + std::string(name));
}

// A key as a SQL literal that equals it: the integer when it is one, else
// the real with every bit (9e999 reads as infinity).
std::string Literal(int64_t integer, double real) {
  if (static_cast<double>(integer) == real) return std::to_string(integer);
  if (std::isinf(real)) return real > 0 ? "9e999" : "-9e999";
  return FormatRealExact(real);
}

}  // namespace

TieSortedRecords::TieSortedRecords(const TraceTable& table, const RowCursor& cursor,
                                   SelectRows select, Sink sink, TieSortLimits limits)
    : table_(table),
      cursor_(cursor),
      select_(std::move(select)),
      sink_(std::move(sink)),
      limits_(limits) {
  std::vector<std::string> terms = OrderTerms(table);
  for (size_t i = 0; i < terms.size(); ++i) {
    std::string name(ColumnOfTerm(terms[i]));
    Column column{ColumnIndex(cursor, name), name, terms[i], terms[i].ends_with(kNullsLast)};
    bool index_key = i < static_cast<size_t>(table.index_keys);
    (index_key ? index_columns_ : tie_columns_).push_back(std::move(column));
  }
  run_keys_.resize(index_columns_.size());
  row_keys_.resize(index_columns_.size());
}

void TieSortedRecords::ReadIndexKeys(std::vector<Key>* keys) const {
  for (size_t i = 0; i < index_columns_.size(); ++i) {
    int column = index_columns_[i].index;
    Key& key = (*keys)[i];
    key.null = cursor_.IsNull(column);
    key.real = key.null ? 0 : cursor_.Double(column);
    key.integer = key.null ? 0 : cursor_.Int(column);
  }
}

bool TieSortedRecords::InRun() const {
  for (size_t i = 0; i < row_keys_.size(); ++i) {
    const Key& a = row_keys_[i];
    const Key& b = run_keys_[i];
    if (a.null != b.null || a.real != b.real || a.integer != b.integer) return false;
  }
  return true;
}

void TieSortedRecords::Add() {
  ReadIndexKeys(&row_keys_);
  if (skipping_) {
    if (InRun()) return;  // already read again, sorted, and written
    skipping_ = false;
  }
  if (!starts_.empty() && !InRun()) Flush();
  if (starts_.empty()) run_keys_ = row_keys_;
  starts_.push_back(text_.size());
  AppendCsvRecord(&text_, cursor_);
  if (starts_.size() > limits_.rows || text_.size() > limits_.bytes) ReadRunAgain();
}

void TieSortedRecords::Finish() {
  if (!starts_.empty()) Flush();
}

void TieSortedRecords::Flush() {
  if (starts_.size() > 1) SortRun();
  sink_(text_);
  text_.clear();
  starts_.clear();
}

size_t TieSortedRecords::RecordEnd(size_t row) const {
  return row + 1 < starts_.size() ? starts_[row + 1] : text_.size();
}

// Each record's tie keys, from its text: these columns hold numbers only,
// and NULL is an empty field.
void TieSortedRecords::ReadTieKeys() {
  size_t width = tie_columns_.size();
  ties_.assign(starts_.size() * width, Key{});
  for (size_t row = 0; row < starts_.size(); ++row) {
    SplitCsvRecord(std::string_view(text_).substr(starts_[row], RecordEnd(row) - starts_[row]),
                   &fields_);
    for (size_t k = 0; k < width; ++k) {
      std::string_view field = fields_[tie_columns_[k].index];
      Key& key = ties_[row * width + k];
      key.null = field.empty();
      std::from_chars(field.data(), field.data() + field.size(), key.real);
      std::from_chars(field.data(), field.data() + field.size(), key.integer);
    }
  }
}

// The run's records in the order of their tie keys.
void TieSortedRecords::SortRun() {
  ReadTieKeys();
  order_.resize(starts_.size());
  std::iota(order_.begin(), order_.end(), 0u);
  std::stable_sort(order_.begin(), order_.end(),
                   [&](uint32_t a, uint32_t b) { return Compare(a, b) < 0; });
  sorted_.clear();
  for (uint32_t row : order_) sorted_.append(text_, starts_[row], RecordEnd(row) - starts_[row]);
  text_.swap(sorted_);
}

int TieSortedRecords::Compare(uint32_t a, uint32_t b) const {
  size_t width = tie_columns_.size();
  for (size_t k = 0; k < width; ++k) {
    const Key& x = ties_[a * width + k];
    const Key& y = ties_[b * width + k];
    if (x.null || y.null) {
      if (x.null == y.null) continue;
      return (x.null != tie_columns_[k].nulls_last) ? -1 : 1;
    }
    if (x.real != y.real) return x.real < y.real ? -1 : 1;
    if (x.integer != y.integer) return x.integer < y.integer ? -1 : 1;
  }
  return 0;
}

// The run as SQLite sorts it, in pieces; the cursor's rows of it are then
// skipped.
void TieSortedRecords::ReadRunAgain() {
  text_.clear();
  starts_.clear();
  std::unique_ptr<RowCursor> rows = select_(RunSql());
  std::string out;
  while (rows->Next()) {
    AppendCsvRecord(&out, *rows);
    if (out.size() >= kRereadPiece) {
      sink_(out);
      out.clear();
    }
  }
  sink_(out);
  skipping_ = true;
}

std::string TieSortedRecords::RunSql() const {
  std::string sql = "SELECT * FROM " + std::string(table_.name) + " WHERE trace_id = $1";
  for (size_t i = 0; i < index_columns_.size(); ++i) {
    const Key& key = run_keys_[i];
    sql += " AND " + index_columns_[i].name +
           (key.null ? " IS NULL" : " = " + Literal(key.integer, key.real));
  }
  sql += " ORDER BY ";
  for (size_t i = 0; i < tie_columns_.size(); ++i) {
    sql += (i > 0 ? ", " : "") + tie_columns_[i].term;
  }
  return sql;
}

}  // namespace tracedb
