// How the analysis commands print their answers on stdout, as the user
// asked: a text table, CSV or JSON, as tracedb query prints them. The text
// table rounds reals to 9 significant digits (0.03, not 0.0299999999999998,
// the last bits of a sum); CSV and JSON keep 15, as query's do.
//
// PrintRows prints an answer whose rows are made when asked for (its text
// laid out by every row: each row is made twice, and none is held);
// TablePrinter streams one row at a time, so that an answer of millions of
// rows (every pair of a big communication matrix) never sits in memory: the
// text table takes its widths from its first 1,000 rows, as query's does.
//
// Call from the main thread.
#pragma once

#include <string>
#include <vector>

#include "cli/shared_options.h"
#include "results/result_table.h"
#include "results/row_source.h"
#include "results/table_text.h"

namespace tracedb {

void PrintRows(const RowSource& rows, QueryFormat format, const TextTableOptions& text = {});

class TablePrinter {
 public:
  TablePrinter(QueryFormat format, std::vector<std::string> columns);
  void Add(std::vector<Cell> row);
  // Prints what is held back; call once, after the last row.
  void Finish();
  size_t rows() const { return rows_; }

 private:
  void Flush(bool all);
  void StartText();

  QueryFormat format_;
  ResultTable first_;  // text: the rows the widths come from
  TextLayout layout_;
  bool laid_out_ = false;
  std::string out_;
  size_t rows_ = 0;
};

}  // namespace tracedb
