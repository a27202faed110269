// JSON of query results: an array with one object per row, one per line,
// keys in column order:
//
//   [
//   {"value":"Computing","n":16,"mean":0.49},
//   {"value":"MPI_Send","n":16,"mean":null}
//   ]
//
// Integers and reals are JSON numbers (reals as FormatReal prints them; a
// non-finite real, which JSON cannot write, is null), NULL is null,
// booleans true or false, JSON (metadata, extra) nested as it is, text a
// string escaped by AppendJsonString. No rows: "[]". Elements are appended
// one at a time, so a large result streams.
//
// Plain functions; no threading concerns.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "results/result_table.h"

namespace tracedb {

void AppendJsonValue(std::string* out, const Cell& cell);
// {"column":value,...}
void AppendJsonObject(std::string* out, const std::vector<std::string>& columns,
                      const std::vector<Cell>& cells);

// Streaming an array: JsonArraySeparator before element `index` (0, 1, ...),
// then the element, then JsonArrayEnd with how many there were.
void AppendJsonArraySeparator(std::string* out, size_t index);
void AppendJsonArrayEnd(std::string* out, size_t count);

// The keys of `columns` in JSON objects: a name that repeats ("SELECT *" of
// a join) is suffixed _2, _3, ... (a name that no other column has), since
// a JSON reader keeps one value per key and would drop the others.
std::vector<std::string> DistinctKeys(std::vector<std::string> columns);

// The whole table as above (DistinctKeys), ending in a newline.
std::string FormatJsonArray(const ResultTable& table);

}  // namespace tracedb
