// CounterColumns: --counter's texts become columns named as typed, each
// counter counted once however often it is named, and a cell that would
// divide by 0 is NULL.
#include "analysis/counter_columns.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace tracedb::testing::counter_columns_test {
namespace {

std::vector<std::string> Texts(const std::vector<Cell>& cells) {
  std::vector<std::string> texts;
  for (const Cell& cell : cells) texts.push_back(cell.kind == CellKind::kNull ? "NULL" : cell.text);
  return texts;
}

TEST(CounterColumns, ANameGivesItsCountAndItsRateARatioOneColumn) {
  CounterRequest request = ParseCounterRequest({"INS", "INS/CYC", "CYC"});
  EXPECT_EQ(request.names, (std::vector<std::string>{"INS", "CYC"}));
  EXPECT_EQ(
      CounterColumnNames(request),
      (std::vector<std::string>{"INS", "INS_per_second", "INS/CYC", "CYC", "CYC_per_second"}));
  EXPECT_EQ(CounterCellCount(request), 5u);
  std::vector<double> counts = {300, 600};
  std::vector<Cell> row;
  AppendCounterCells(request, &counts, 2, &row);
  EXPECT_EQ(Texts(row), (std::vector<std::string>{"300.0", "150.0", "0.5", "600.0", "300.0"}));
}

TEST(CounterColumns, DividingByNothingIsNull) {
  CounterRequest request = ParseCounterRequest({"INS", "INS/CYC"});
  std::vector<double> counts = {300, 0};
  std::vector<Cell> row;
  AppendCounterCells(request, &counts, 0, &row);
  EXPECT_EQ(Texts(row), (std::vector<std::string>{"300.0", "NULL", "NULL"}));
  row.clear();
  AppendCounterCells(request, nullptr, 1, &row);
  EXPECT_EQ(Texts(row), (std::vector<std::string>{"0.0", "0.0", "NULL"}));
}

TEST(CounterColumns, AnEmptyNameIsRefused) {
  for (const char* text : {"", "INS/", "/CYC", "A/B/C"}) {
    EXPECT_THROW(ParseCounterRequest({text}), std::invalid_argument) << text;
  }
  EXPECT_TRUE(ParseCounterRequest({}).empty());
}

}  // namespace
}  // namespace tracedb::testing::counter_columns_test
