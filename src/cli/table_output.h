// PrintTable: an analysis command's answer on stdout, as the user asked
// (a text table, CSV or JSON, as tracedb query prints them). The text table
// rounds reals to 9 significant digits (0.03, not 0.0299999999999998, the
// last bits of a sum); CSV and JSON keep 15, as query's do.
//
// Plain function; call from the main thread.
#pragma once

#include "cli/commands.h"
#include "output/result_table.h"
#include "output/table_text.h"

namespace tracedb {

void PrintTable(const ResultTable& table, QueryFormat format, const TextTableOptions& text = {});

}  // namespace tracedb
