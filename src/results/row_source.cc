#include "results/row_source.h"

namespace tracedb {

ResultTable Materialized(const RowSource& source) {
  ResultTable table{.columns = source.columns};
  table.rows.reserve(source.size);
  for (size_t i = 0; i < source.size; ++i) table.rows.push_back(source.row(i));
  return table;
}

}  // namespace tracedb
