// The tables of a trace's summaries (summary/trace_summarizer.h), which a
// load fills and `tracedb summarize` fills again for traces loaded before
// them (schema/schema.sql: state_summary ... call_path).
//
// Constants; no threading concerns.
#pragma once

#include <array>

namespace tracedb {

inline constexpr std::array<const char*, 7> kSummaryTables = {
    "state_summary", "event_summary",  "variable_summary", "link_summary",
    "state_profile", "state_duration", "call_path"};

}  // namespace tracedb
