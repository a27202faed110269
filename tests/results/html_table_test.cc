// HtmlTable: the report's tables, cell by cell.
#include "results/html_table.h"

#include <gtest/gtest.h>

namespace tracedb::html_table_test {
namespace {

Cell Text(std::string text) { return Cell{.kind = CellKind::kText, .text = std::move(text)}; }

// Numbers right-aligned, text escaped, NULL empty; a text longer than 80
// bytes stays on one line (class "long", cut by the page's style) with its
// start as the tooltip: 1,000 bytes at most, cut between UTF-8 characters.
TEST(HtmlTable, LongTextsGetOneLineAndATooltip) {
  std::string long_name = std::string(999, 'x') + "\xc3\xa9" + std::string(2000, 'y');
  ResultTable table{.columns = {"value", "count"},
                    .rows = {{Text("a<b"), IntegerCell(3)},
                             {Text(std::string(80, 'z')), NullCell()},
                             {Text(long_name), IntegerCell(1)},
                             {Text(std::string(81, 'w')), IntegerCell(2)}}};
  EXPECT_EQ(HtmlTable(table, "profile"),
            "<table class=\"profile\">\n<tr><th>value</th><th>count</th></tr>\n"
            "<tr><td>a&lt;b</td><td class=\"num\">3</td></tr>\n"
            "<tr><td>" +
                std::string(80, 'z') +
                "</td><td></td></tr>\n"
                "<tr><td class=\"long\" title=\"" +
                std::string(999, 'x') + "\xe2\x80\xa6\">" + long_name +
                "</td><td class=\"num\">1</td></tr>\n"
                "<tr><td class=\"long\" title=\"" +
                std::string(81, 'w') + "\">" + std::string(81, 'w') +
                "</td><td class=\"num\">2</td></tr>\n"
                "</table>\n");
}

}  // namespace
}  // namespace tracedb::html_table_test
