// The frame of the HTML report: head with its inline style, the sections
// in order, and the tooltip script at the end. Kept apart from what fills
// the sections (trace_report.h).
//
// Plain functions; no threading concerns.
#pragma once

#include <string>
#include <vector>

namespace tracedb {

struct ReportSection {
  std::string id;     // "gantt", "profile", ...
  std::string title;  // its heading
  std::string body;   // HTML
};

std::string ReportPage(const std::string& title, const std::vector<ReportSection>& sections);

}  // namespace tracedb
