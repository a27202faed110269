// ResultTable: rows of typed cells, what `tracedb query`, `list` and `info`
// print, in whichever format the user picked (table_text.h, csv_text.h,
// json_table.h). A cell keeps its kind so JSON can tell 42 from "42", and
// its text as every format prints it, so the formats agree on each value.
//
// Plain data; no threading concerns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tracedb {

// kBoolean: text "true" or "false". kJson: text that is a JSON value (a
// json/jsonb column, trace.metadata, an entity's extra), which JSON output
// nests as it is rather than quoting it.
enum class CellKind { kNull, kInteger, kReal, kText, kBoolean, kJson };

struct Cell {
  CellKind kind = CellKind::kNull;
  std::string text;  // "" for NULL; see the factories below for numbers
};

struct ResultTable {
  std::vector<std::string> columns;
  std::vector<std::vector<Cell>> rows;  // each as long as `columns`
};

Cell NullCell();
Cell IntegerCell(int64_t value);
// FormatReal(value): a figure computed from the rows (a sum, a share),
// whose last digits are the arithmetic's noise (0.2, not 0.19999999999999984).
Cell RealCell(double value);
// FormatRealExact(value): a value as the database holds it (a row's time,
// a query's column), every bit kept.
Cell ExactRealCell(double value);
Cell TextCell(std::string text);
Cell BooleanCell(bool value);
// JSON text; a text cell when `json` is not valid JSON (IsJsonValue).
Cell JsonCell(std::string json);

// A double as SQLite's shell shows it: 15 significant digits, and ".0" on a
// whole number so it still reads as a real ("0.0", "1.81", "1e+20", "inf").
std::string FormatReal(double value);
// The same with `digits` significant digits (1 to 17), for a reader's eyes:
// FormatRealDigits(0.0299999999999998, 9) is "0.03".
std::string FormatRealDigits(double value, int digits);
// Every real cell of the row (or table) rewritten with
// FormatRealDigits(digits), for a reader's eyes (text tables, reports).
void RoundReals(std::vector<Cell>* row, int digits);
void RoundReals(ResultTable* table, int digits);
// FormatReal's text when it reads back as the very same double, else the
// same with 16 or 17 digits: for data read back, which must keep every bit
// ("0.1", "2.0", "1e+20", but "0.30000000000000004", "1000000000000000.5").
std::string FormatRealExact(double value);
// FormatRealExact's text appended to `out`, with no string of its own: for
// writers of millions of cells (export-csv).
void AppendRealExact(double value, std::string* out);
// IntegerCell's text appended to `out`.
void AppendInteger(int64_t value, std::string* out);

}  // namespace tracedb
