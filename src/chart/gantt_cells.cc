#include "chart/gantt_cells.h"

#include <algorithm>
#include <utility>

namespace tracedb {

std::vector<CellRun> RunsOf(const std::vector<uint16_t>& cells) {
  std::vector<CellRun> runs;
  for (size_t column = 0; column < cells.size(); ++column) {
    if (!runs.empty() && runs.back().cell == cells[column]) {
      ++runs.back().end;
    } else {
      runs.push_back({static_cast<uint16_t>(column + 1), cells[column]});
    }
  }
  runs.shrink_to_fit();
  return runs;
}

std::vector<uint16_t> CellsOf(const std::vector<CellRun>& runs, size_t width) {
  std::vector<uint16_t> cells(width, 0);
  size_t start = 0;
  for (const CellRun& run : runs) {
    std::fill(cells.begin() + std::min<size_t>(start, width),
              cells.begin() + std::min<size_t>(run.end, width), run.cell);
    start = run.end;
  }
  return cells;
}

namespace {

// Per column, how many rows of the group hold each non-zero cell: a few
// values each, so a list beats a map. The rows' blank runs cost nothing.
class GroupCounts {
 public:
  explicit GroupCounts(size_t width) : counts_(width) {}

  void Add(const std::vector<CellRun>& runs) {
    size_t start = 0;
    for (const CellRun& run : runs) {
      size_t end = std::min<size_t>(run.end, counts_.size());
      for (size_t column = start; run.cell != 0 && column < end; ++column) Count(column, run.cell);
      start = run.end;
    }
  }

  // The group's cells into `out`; then the next group may begin.
  void Finish(uint16_t* out) {
    for (size_t column = 0; column < counts_.size(); ++column) {
      std::pair<uint16_t, uint32_t> best{0, 0};
      for (const auto& [cell, count] : counts_[column]) {
        if (count > best.second || (count == best.second && cell < best.first)) best = {cell, count};
      }
      out[column] = best.first;
      counts_[column].clear();
    }
  }

 private:
  void Count(size_t column, uint16_t cell) {
    for (auto& [seen, count] : counts_[column]) {
      if (seen == cell) {
        ++count;
        return;
      }
    }
    counts_[column].push_back({cell, 1});
  }

  std::vector<std::vector<std::pair<uint16_t, uint32_t>>> counts_;
};

}  // namespace

PixelRows GroupRows(const std::vector<GanttRow>& rows, size_t width, size_t max_height) {
  PixelRows pixels{.width = width};
  if (rows.empty() || width == 0) return pixels;
  size_t limit = std::max<size_t>(max_height, 1);
  pixels.rows_per_pixel = (rows.size() + limit - 1) / limit;
  pixels.height = (rows.size() + pixels.rows_per_pixel - 1) / pixels.rows_per_pixel;
  pixels.cells.assign(pixels.width * pixels.height, 0);
  GroupCounts counts(width);
  for (size_t pixel = 0; pixel < pixels.height; ++pixel) {
    size_t first = pixel * pixels.rows_per_pixel;
    size_t last = std::min(rows.size(), first + pixels.rows_per_pixel);
    for (size_t row = first; row < last; ++row) counts.Add(rows[row].runs);
    counts.Finish(&pixels.cells[pixel * width]);
  }
  return pixels;
}

}  // namespace tracedb
