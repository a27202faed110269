// HtmlTable: a ResultTable as an HTML <table> for the report: a header
// row, numbers right-aligned (class "num"), NULL as an empty cell, text
// escaped; a long text (class "long", for the page's style to keep on one
// line) has its start as a tooltip.
//
// Plain function; no threading concerns.
#pragma once

#include <string>

#include "results/result_table.h"

namespace tracedb {

std::string HtmlTable(const ResultTable& table, const std::string& css_class);

}  // namespace tracedb
