// The pieces charts are drawn with: a Gantt row aggregated to pixel columns
// (the value on top for most of each column), the colours of values, the
// ticks of a time axis, PNG bytes and SVG text.
#include <gtest/gtest.h>
#include <zlib.h>

#include <string>
#include <vector>

#include "analysis/gantt_columns.h"
#include "chart/bars_svg.h"
#include "chart/colors.h"
#include "chart/gantt_cells.h"
#include "chart/gantt_svg.h"
#include "chart/png_image.h"
#include "chart/svg_text.h"
#include "chart/time_axis.h"

namespace tracedb::chart_test {
namespace {

// [0, 4] in 4 columns. A at depth 0 over [0, 3]; B pushed on it over
// [0.4, 1.0], C over [1.2, 2.0].
TEST(GanttColumns, EachColumnShowsTheValueOnTopForMostOfIt) {
  GanttColumns columns({0, 4}, 4);
  columns.Add(0, 3, 0, 0);
  columns.Add(0.4, 1.0, 1, 1);
  columns.Add(1.2, 2.0, 1, 2);
  EXPECT_EQ(columns.Finish(), (std::vector<uint16_t>{2, 3, 1, 0}));
  // The next row starts afresh.
  columns.Add(3.5, 4, 0, 4);
  EXPECT_EQ(columns.Finish(), (std::vector<uint16_t>{0, 0, 0, 5}));
}

TEST(GanttColumns, StatesOutsideTheWindowAndWithoutTimeLeaveColumnsEmpty) {
  GanttColumns columns({10, 12}, 2);
  columns.Add(0, 10, 0, 0);
  columns.Add(11, 11, 0, 1);
  columns.Add(12, 13, 0, 2);
  EXPECT_EQ(columns.Finish(), (std::vector<uint16_t>{0, 0}));
}

// A tie goes to the value met first.
TEST(GanttColumns, ATieGoesToTheFirstValue) {
  GanttColumns columns({0, 1}, 1);
  columns.Add(0, 0.5, 0, 3);
  columns.Add(0.5, 1, 0, 1);
  EXPECT_EQ(columns.Finish(), (std::vector<uint16_t>{4}));
}

TEST(GanttCells, RunsHoldTheCellsAsGiven) {
  std::vector<uint16_t> cells = {0, 0, 3, 3, 3, 1, 0};
  std::vector<CellRun> runs = RunsOf(cells);
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ((std::vector<int>{runs[0].end, runs[0].cell, runs[1].end, runs[1].cell, runs[2].end,
                              runs[2].cell, runs[3].end, runs[3].cell}),
            (std::vector<int>{2, 0, 5, 3, 6, 1, 7, 0}));
  EXPECT_EQ(CellsOf(runs, 7), cells);
  EXPECT_EQ(CellsOf(runs, 9), (std::vector<uint16_t>{0, 0, 3, 3, 3, 1, 0, 0, 0}));
  EXPECT_EQ(CellsOf(runs, 4), (std::vector<uint16_t>{0, 0, 3, 3}));
  EXPECT_EQ(CellsOf(RunsOf({}), 3), (std::vector<uint16_t>{0, 0, 0}));
}

std::vector<GanttRow> RowsOf(const std::vector<std::vector<uint16_t>>& cells) {
  std::vector<GanttRow> rows;
  for (const std::vector<uint16_t>& row : cells) rows.push_back({.runs = RunsOf(row)});
  return rows;
}

// Five rows in at most two pixel rows: three rows each (the last two).
// A cell most of them hold wins, any value wins over none, and the lowest
// wins a tie.
TEST(GanttCells, RowsPastTheLimitShareAPixelRowWithTheCellMostOfThemHold) {
  std::vector<GanttRow> rows = RowsOf({{1, 0, 2}, {1, 3, 0}, {2, 3, 0}, {0, 0, 4}, {5, 0, 3}});
  PixelRows pixels = GroupRows(rows, 3, 2);
  EXPECT_EQ(pixels.rows_per_pixel, 3u);
  EXPECT_EQ(pixels.height, 2u);
  EXPECT_EQ(pixels.cells, (std::vector<uint16_t>{1, 3, 2, 5, 0, 3}));
  pixels = GroupRows(rows, 3, 5);
  EXPECT_EQ(pixels.rows_per_pixel, 1u);
  EXPECT_EQ(pixels.height, 5u);
  EXPECT_EQ(pixels.cells, (std::vector<uint16_t>{1, 0, 2, 1, 3, 0, 2, 3, 0, 0, 0, 4, 5, 0, 3}));
}

// 10,000 containers draw in 4,000 pixel rows, not 10,000: each pixel row
// is 2.5 rows high in the picture, and the image holds 3 rows a pixel.
TEST(GanttSvg, AChartOfManyRowsIsNoTallerThanFourThousandPixels) {
  GanttChart chart{.title = "many", .from = 0, .to = 1, .width = 10, .aggregated = true};
  chart.values = {{"A", "#ff0000"}};
  for (int i = 0; i < 10000; ++i) {
    chart.rows.push_back(
        {.label = "t" + std::to_string(i), .runs = RunsOf({1, 1, 0, 0, 0, 0, 0, 0, 0, 1})});
  }
  std::string svg = GanttSvg(chart);
  EXPECT_NE(svg.find("<image class=\"cells\" x=\"20\" y=\"30\" width=\"10\" height=\"4000\""),
            std::string::npos)
      << svg.substr(0, 400);
  EXPECT_NE(svg.find("<title>each pixel column: the value that covers most of it, in most of the "
                     "3 rows of each pixel row</title>"),
            std::string::npos);
  // A wide chart keeps its pixels at 6 million: 10,000 columns, 800 rows.
  chart.width = 10000;
  svg = GanttSvg(chart);
  EXPECT_NE(svg.find("width=\"10000\" height=\"800\""), std::string::npos) << svg.substr(0, 400);
  EXPECT_NE(svg.find("in most of the 13 rows of each pixel row"), std::string::npos);
}

// 300 values, busiest first, drawn as pixels: the palette holds the 254
// busiest and a grey for the rest; the legend lists the 64 busiest by name
// The texts of a Gantt chart's legend entries, in order.
std::vector<std::string> LegendTexts(const std::string& svg) {
  size_t from = svg.find("<g class=\"legend\">");
  std::string legend = svg.substr(from, svg.find("</g>", from) - from);
  std::vector<std::string> texts;
  for (size_t at = legend.find("\">"); at != std::string::npos; at = legend.find("\">", at + 1)) {
    size_t end = legend.find("</text>", at);
    if (end != std::string::npos && legend.find('<', at) == end) {
      texts.push_back(legend.substr(at + 2, end - at - 2));
    }
  }
  return texts;
}

// and the grey, and a line under it says how many values it leaves out.
TEST(GanttSvg, ALegendOfManyValuesListsTheBusiestAndCountsTheRest) {
  GanttChart chart{.title = "values", .from = 0, .to = 1, .width = 10, .aggregated = true};
  for (int i = 0; i < 300; ++i) chart.values.push_back({"v" + std::to_string(999 - i), "#ff0000"});
  chart.rows.push_back({.label = "t", .runs = RunsOf({1, 1, 0, 0, 0, 0, 0, 0, 0, 300})});
  std::string svg = GanttSvg(chart);
  size_t from = svg.find("<g class=\"legend\">");
  std::string legend = svg.substr(from, svg.find("</g>", from) - from);
  std::vector<std::string> texts = LegendTexts(svg);
  ASSERT_EQ(texts.size(), 65u);
  EXPECT_EQ(texts.front(), "v936");  // the 64th busiest, first by name
  EXPECT_EQ(texts[63], "v999");
  // One column at this width: the entries 18 px apart, then a line of its own.
  EXPECT_NE(legend.find("fill=\"#888888\"/><text x=\"26\" y=\"1248\">after the 254 busiest"),
            std::string::npos);
  EXPECT_NE(svg.find("</g>\n<text class=\"unlisted\" x=\"10\" y=\"1266\">and 236 more values "
                     "(tracedb profile lists all)</text>"),
            std::string::npos);
}

TEST(CssColor, TakesTheTracesColourElseOneByName) {
  EXPECT_EQ(CssColor("1 0 0", "A"), "#ff0000");
  EXPECT_EQ(CssColor("0 0.39 0.78", "A"), "#0063c7");
  EXPECT_EQ(CssColor("{0,100,200}", "A"), "#0064c8");
  EXPECT_EQ(CssColor("255 128 0", "A"), "#ff8000");
  EXPECT_EQ(CssColor(std::nullopt, "Computing"), CssColor("not a colour", "Computing"));
  EXPECT_EQ(CssColor(std::nullopt, "Computing").size(), 7u);
  EXPECT_NE(CssColor(std::nullopt, "Computing"), CssColor(std::nullopt, "MPI_Recv"));
}

std::vector<std::string> Labels(const std::vector<Tick>& ticks) {
  std::vector<std::string> labels;
  for (const Tick& tick : ticks) labels.push_back(tick.label);
  return labels;
}

TEST(TimeTicks, FallOnRoundNumbers) {
  EXPECT_EQ(Labels(TimeTicks(0, 1.81, 5)), (std::vector<std::string>{"0", "0.5", "1", "1.5"}));
  EXPECT_EQ(Labels(TimeTicks(0.1, 0.35, 5)),
            (std::vector<std::string>{"0.1", "0.15", "0.2", "0.25", "0.3", "0.35"}));
  EXPECT_EQ(Labels(TimeTicks(1392, 4000, 3)), (std::vector<std::string>{"2000", "3000", "4000"}));
  EXPECT_TRUE(TimeTicks(1, 1, 5).empty());
}

// Microseconds since 1970 are about 1e15: a step of 0.2 there is a couple of
// doubles' resolution, and k * step passes 2^53 where k + 1 == k (the loop
// over k never ended). Ticks stay within the axis, increase, and are few.
TEST(TimeTicks, FarFromZeroStayFewAndIncreasing) {
  for (double from : {1e15, 1e16, 1e17, -1e17}) {
    for (double width : {1.0, 3.0, 1e3}) {
      double to = from + width;
      std::vector<Tick> ticks = TimeTicks(from, to, 5);
      if (!(to > from)) {  // width below the resolution: no span
        EXPECT_TRUE(ticks.empty()) << from << " + " << width;
        continue;
      }
      ASSERT_FALSE(ticks.empty()) << from << " + " << width;
      EXPECT_LE(ticks.size(), 7u) << from << " + " << width;
      for (size_t i = 0; i < ticks.size(); ++i) {
        EXPECT_GE(ticks[i].time, from) << from << " + " << width;
        EXPECT_LE(ticks[i].time, to) << from << " + " << width;
        if (i > 0) {
          EXPECT_GT(ticks[i].time, ticks[i - 1].time) << from << " + " << width;
        }
      }
    }
  }
  std::vector<double> times;
  for (const Tick& tick : TimeTicks(1e15, 1e15 + 4000, 4)) times.push_back(tick.time - 1e15);
  EXPECT_EQ(times, (std::vector<double>{0, 1000, 2000, 3000, 4000}));
}

// Six significant digits labelled every tick there "1e+15": the first has
// its whole value, the others their distance past it.
TEST(TimeTicks, FarFromZeroAreLabelledPastTheFirst) {
  EXPECT_EQ(Labels(TimeTicks(1e15, 1e15 + 4000, 4)),
            (std::vector<std::string>{"1e+15", "+1000", "+2000", "+3000", "+4000"}));
  EXPECT_EQ(Labels(TimeTicks(1e15 + 0.3, 1e15 + 2.2, 4)),
            (std::vector<std::string>{"1000000000000000.5", "+0.5", "+1", "+1.5"}));
  EXPECT_EQ(Labels(TimeTicks(-2e12 - 3, -2e12, 3)),
            (std::vector<std::string>{"-2000000000003", "+1", "+2", "+3"}));
  // Far from zero, but six digits suffice: labelled as before.
  EXPECT_EQ(Labels(TimeTicks(1e15, 4e15, 3)),
            (std::vector<std::string>{"1e+15", "2e+15", "3e+15", "4e+15"}));
}

TEST(SvgText, EscapesMarkupAndRoundsCoordinates) {
  EXPECT_EQ(XmlEscaped("a<b & \"c\" 'd'>\x01"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;\xEF\xBF\xBD");
  EXPECT_EQ(Px(12.5), "12.5");
  EXPECT_EQ(Px(3.0), "3");
  EXPECT_EQ(Px(-0.001), "0");
  EXPECT_EQ(Px(1.23456), "1.23");
}

// 6.5 px a character: 52 px hold 8 of them, "…" one. UTF-8 characters
// count once and are never cut.
TEST(SvgText, LabelsTooLongAreCutWhereTheyTellLeast) {
  EXPECT_EQ(Fitted("node-0/rank", 52, Cut::kEnd), "node-0/\u2026");
  EXPECT_EQ(Fitted("node-0/rank 12", 52, Cut::kStart), "\u2026rank 12");
  EXPECT_EQ(Fitted("node-0/rank 12", 52, Cut::kMiddle), "node\u2026 12");
  EXPECT_EQ(Fitted("12345678", 52, Cut::kMiddle), "12345678");
  EXPECT_EQ(Fitted("\u00e9t\u00e9 \u00e0 Z\u00fcrich", 52, Cut::kStart), "\u2026 Z\u00fcrich");
  EXPECT_EQ(Fitted("\u00e9t\u00e9 \u00e0 Z\u00fcrich", 52, Cut::kMiddle),
            "\u00e9t\u00e9 \u2026ich");
  EXPECT_EQ(CharCount("\u00e9t\u00e9"), 3u);
  EXPECT_EQ(FittedLabel("a<b", 52, Cut::kEnd), "a&lt;b");
  EXPECT_EQ(FittedLabel("std::vector<int>", 52, Cut::kEnd),
            "<title>std::vector&lt;int&gt;</title>std::ve\u2026");
  EXPECT_EQ(FittedLabel("node-0/rank 12", 52, Cut::kStart, "3 "),
            "<title>node-0/rank 12</title>3 \u2026nk 12");
}

// Names that differ only near their end, as a program's generated helpers
// do, stay apart when cut in the middle; cut at the end, they read alike.
TEST(SvgText, NamesCutInTheMiddleKeepWhatTellsThemApart) {
  const std::string a = "std::vector<int>::emplace_back_helper_number_17(int)";
  const std::string b = "std::vector<int>::emplace_back_helper_number_18(int)";
  EXPECT_EQ(Fitted(a, 130, Cut::kEnd), Fitted(b, 130, Cut::kEnd));
  EXPECT_EQ(Fitted(a, 130, Cut::kMiddle), "std::vecto\u2026r_17(int)");
  EXPECT_EQ(Fitted(b, 130, Cut::kMiddle), "std::vecto\u2026r_18(int)");
}

// Each line of a tooltip keeps 1,000 characters at most: a name of 10 MB
// does not stop the times under it from showing.
TEST(SvgText, TooltipsKeepEachLineShort) {
  EXPECT_EQ(TitleElement("a & b\nstart 1"), "<title>a &amp; b\nstart 1</title>");
  std::string name(5000, 'n');
  EXPECT_EQ(TitleElement(name + "\nstart 1\n"),
            "<title>" + std::string(999, 'n') + "\u2026\nstart 1\n</title>");
}

// A C++ function's name in the legend and a long path among the rows: the
// legend's columns widen to 400 px at most and the name is cut to fit; the
// path keeps its end, in the 300 px the labels get at most. Both keep the
// whole text as their tooltip.
TEST(GanttSvg, LongNamesAreCutToTheirRoom) {
  std::string function = "solve_" + std::string(200, 'f') + "_17(int)";
  std::string path = "cluster/" + std::string(100, 'n') + "/rank 7";
  GanttChart chart{.title = "long", .from = 0, .to = 1, .width = 1000};
  chart.values = {{function, "#ff0000"}, {"B", "#0000ff"}};
  chart.rows.push_back({.label = path, .bars = {{.start = 0, .end = 1, .value = 0}}});
  std::string svg = GanttSvg(chart);
  // 288 px of label: 44 characters, the "…" one of them.
  EXPECT_NE(svg.find("text-anchor=\"end\"><title>" + path + "</title>\u2026" +
                     std::string(36, 'n') + "/rank 7</text>"),
            std::string::npos)
      << svg;
  // Columns of 400 px, 376 of them for the name: 57 characters, cut in
  // the middle.
  EXPECT_NE(svg.find("<text x=\"26\" y=\"96\">B</text>"), std::string::npos)
      << svg.substr(svg.find("<g class=\"legend\">"));
  EXPECT_NE(svg.find("<text x=\"426\" y=\"96\"><title>" + function + "</title>" + "solve_" +
                     std::string(22, 'f') + "\u2026" + std::string(20, 'f') + "_17(int)</text>"),
            std::string::npos)
      << svg;
}

// A window's legend lists the values in view only, and counts only those
// it leaves out; the grey only when a value past the palette is in view.
TEST(GanttSvg, ALegendListsTheValuesInViewOnly) {
  GanttChart chart{.title = "window", .from = 0, .to = 1, .width = 10, .aggregated = true};
  for (int i = 0; i < 300; ++i) {
    chart.values.push_back({"v" + std::to_string(100 + i), "#ff0000", i % 3 == 0 && i < 240});
  }
  chart.rows.push_back({.label = "t", .runs = RunsOf({1, 1, 0, 0, 0, 0, 0, 0, 0, 4})});
  std::string svg = GanttSvg(chart);
  std::vector<std::string> texts = LegendTexts(svg);
  ASSERT_EQ(texts.size(), 64u);  // of the 80 in view, none past the palette
  EXPECT_EQ(texts.front(), "v100");
  EXPECT_EQ(texts.back(), "v289");
  EXPECT_EQ(svg.find("after the 254 busiest"), std::string::npos);
  EXPECT_NE(svg.find(">and 16 more values (tracedb profile lists all)</text>"), std::string::npos);
  chart.values[299].in_view = true;
  EXPECT_NE(GanttSvg(chart).find("after the 254 busiest"), std::string::npos);
}

// Under the bars, how many values have none; nothing when all have one.
TEST(ProfileBarsSvg, SaysHowManyValuesHaveNoBar) {
  ProfileBars chart{.title = "p", .unit = "s", .bars = {{"A", "#ff0000", 2, 1}}};
  std::string svg = ProfileBarsSvg(chart);
  EXPECT_NE(svg.find("height=\"60\""), std::string::npos) << svg;
  EXPECT_EQ(svg.find("more values"), std::string::npos);
  chart.unlisted = 12;
  svg = ProfileBarsSvg(chart);
  EXPECT_NE(svg.find("height=\"80\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("<text class=\"unlisted\" x=\"10\" y=\"63\">and 12 more values (tracedb"
                     " profile lists all)</text>\n</svg>\n"),
            std::string::npos)
      << svg;
}

uint32_t Big32(const std::string& bytes, size_t at) {
  return (uint32_t{uint8_t(bytes[at])} << 24) | (uint32_t{uint8_t(bytes[at + 1])} << 16) |
         (uint8_t(bytes[at + 2]) << 8) | uint8_t(bytes[at + 3]);
}

// The IDAT chunk inflates back to the rows, each after its filter byte.
TEST(PalettePng, HoldsTheImageAsWritten) {
  PaletteImage image{
      .width = 3, .height = 2, .palette = {0xffffff, 0xff0000}, .pixels = {0, 1, 0, 1, 1, 1}};
  std::string png = PalettePng(image);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(Big32(png, 16), 3u);
  EXPECT_EQ(Big32(png, 20), 2u);
  size_t idat = png.find("IDAT");
  ASSERT_NE(idat, std::string::npos);
  uint32_t size = Big32(png, idat - 4);
  std::string raw(8, '\0');
  uLongf raw_size = raw.size();
  ASSERT_EQ(uncompress(reinterpret_cast<Bytef*>(raw.data()), &raw_size,
                       reinterpret_cast<const Bytef*>(png.data() + idat + 4), size),
            Z_OK);
  EXPECT_EQ(raw.substr(0, raw_size), std::string("\0\0\1\0\0\1\1\1", 8));
  EXPECT_EQ(png.substr(png.size() - 8, 4), "IEND");
  EXPECT_EQ(PngDataUri("Man"), "data:image/png;base64,TWFu");
  EXPECT_EQ(PngDataUri("Ma"), "data:image/png;base64,TWE=");
  EXPECT_EQ(PngDataUri("M"), "data:image/png;base64,TQ==");
}

}  // namespace
}  // namespace tracedb::chart_test
