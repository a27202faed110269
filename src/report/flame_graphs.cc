#include "report/flame_graphs.h"

#include <string>
#include <vector>

#include "analysis/analysed_trace.h"
#include "analysis/call_path_tree.h"
#include "chart/colors.h"
#include "chart/icicle_svg.h"
#include "chart/svg_text.h"

namespace tracedb {
namespace {

std::string Time(double value, const std::string& unit) { return TimeText(value, unit, 6); }

// `node` and the paths above it, from `start` on, children side by side.
void AddBoxes(const CallPathTree& tree, size_t node, double start, const std::string& unit,
              Icicle* chart) {
  const CallPathNode& n = tree.nodes[node];
  std::string detail = std::to_string(n.count) + " states\ninclusive " + Time(n.inclusive, unit) +
                       "\nexclusive " + Time(n.exclusive, unit);
  chart->boxes.push_back({.label = n.name,
                          .color = CssColor(n.color, n.name),
                          .detail = detail,
                          .depth = n.depth,
                          .start = start,
                          .size = n.inclusive});
  for (size_t child : n.children) {
    AddBoxes(tree, child, start, unit, chart);
    start += tree.nodes[child].inclusive;
  }
}

bool Nests(const CallPathTree& tree, size_t root) { return !tree.nodes[root].children.empty(); }

}  // namespace

std::optional<ReportSection> FlameGraphs(TraceReader& reader, const TraceRecord& trace) {
  CallPathTree tree = ReadCallPathTree(reader, trace, {});
  std::string unit = TimeUnit(trace), body;
  // Roots come grouped by type: one chart per type that nests.
  for (size_t i = 0; i < tree.roots.size();) {
    const std::string& type = tree.nodes[tree.roots[i]].type;
    Icicle chart{.title = type +
                          ": call paths over all containers, each as wide as its "
                          "inclusive time"};
    bool nests = false;
    for (; i < tree.roots.size() && tree.nodes[tree.roots[i]].type == type; ++i) {
      nests = nests || Nests(tree, tree.roots[i]);
      AddBoxes(tree, tree.roots[i], chart.total, unit, &chart);
      chart.total += tree.nodes[tree.roots[i]].inclusive;
    }
    if (nests) body += "<div class=\"chart\">\n" + IcicleSvg(chart) + "</div>\n";
  }
  if (body.empty()) return std::nullopt;
  return ReportSection{"call-paths", "Call paths (the whole trace)", body};
}

}  // namespace tracedb
