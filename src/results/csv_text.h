// CSV of query results, as RFC 4180 describes it with one difference:
// records end in LF, not CRLF (what Unix tools, Python's csv, R and
// spreadsheets all read). A header record names the columns. A field is
// quoted when it holds a comma, a double quote, CR or LF, with its quotes
// doubled: a "b",c -> "a ""b"",c". NULL is an empty field and the empty
// string is "" (as in PostgreSQL's COPY ... CSV), so the two stay apart.
//
// Records are appended one at a time, so a large result streams.
// Plain functions; no threading concerns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "results/result_table.h"

namespace tracedb {

void AppendCsvHeader(std::string* out, const std::vector<std::string>& columns);
void AppendCsvRecord(std::string* out, const std::vector<Cell>& cells);
// The field from `start` to the end of `out`, already appended as it is,
// quoted in place when it must be: what AppendCsvRecord does to a cell.
void QuoteCsvField(std::string* out, size_t start, bool quote_empty);
// The fields of one record that AppendCsvRecord wrote (its '\n' included or
// not), as written: a quoted field keeps its quotes. Views into `record`.
void SplitCsvRecord(std::string_view record, std::vector<std::string_view>* fields);

// Header and every row.
std::string FormatCsv(const ResultTable& table);

}  // namespace tracedb
