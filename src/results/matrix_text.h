// FormatSquareMatrix: a small square matrix for a terminal, rows and
// columns the same labelled items, columns numbered as the rows are:
//
//   messages, row to column
//                1  2  3
//   1 node1/t1   .  4  .
//   2 node1/t2   2  .  1
//   3 node2/t1   .  .  .
//
// An empty cell ("" in `cells`) shows as '.'; numbers align right.
//
// Plain function; no threading concerns.
#pragma once

#include <string>
#include <vector>

namespace tracedb {

// cells[row][column], each as long as labels.
std::string FormatSquareMatrix(const std::string& title, const std::vector<std::string>& labels,
                               const std::vector<std::vector<std::string>>& cells);

}  // namespace tracedb
