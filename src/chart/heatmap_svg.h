// HeatmapSvg: a communication matrix as a square heatmap, senders in rows
// and receivers in columns (numbered as the rows are, labels on the left),
// darker for more messages (square-root scale), each cell with a hover
// title: from, to, messages, bytes.
//
// Plain data and function; no threading concerns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracedb {

struct Heatmap {
  std::string title;
  std::vector<std::string> labels;                         // rows and columns
  std::vector<std::vector<int64_t>> messages;              // [from][to]
  std::vector<std::vector<std::optional<int64_t>>> bytes;  // [from][to]
};

std::string HeatmapSvg(const Heatmap& chart);

}  // namespace tracedb
