// tracedb report on both backends: every part and nothing from the network,
// the busiest of many values in its charts, variables as lines, the
// refusals of what it cannot write; and every answer made of states
// refusing a trace without them.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "analysis_cli.h"

namespace tracedb::testing::analysis_cli::report_cli_test {
namespace {

TEST_P(AnalysisCli, ReportHoldsEveryPartAndNothingFromTheNetwork) {
  Ingest("messages.paje", std::string(kMessages) + "8 1.0 S t1 A\n8 1.2 S t2 B\n");
  std::string html = Folder() + "/report.html";
  CliRun run = Tracedb("report --db " + db() + " -o " + html + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out + run.err, "");
  std::string page = ReadWholeFile(html);
  EXPECT_TRUE(
      page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<title>messages.paje</title>"));
  for (const char* id : {"facts", "gantt", "utilisation", "profile", "comm"}) {
    EXPECT_EQ(Count(page, "<section id=\"" + std::string(id) + "\">"), 1u) << id;
  }
  for (const char* svg : {"gantt", "utilisation", "profile", "heatmap"}) {
    EXPECT_EQ(Count(page, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + std::string(svg)),
              1u)
        << svg;
  }
  EXPECT_EQ(Count(page, "<rect class=\"state\""), 2u);  // A and B
  // The links between containers with a row: node2/thread1 has no states.
  EXPECT_EQ(Count(page, "<line class=\"link\""), 2u);
  EXPECT_EQ(Count(page, "<rect class=\"cell\""), 9u);  // 3 x 3 containers
  EXPECT_NE(page.find("<td>node1/thread1</td><td>node1/thread2</td><td class=\"num\">2</td>"
                      "<td class=\"num\">150</td><td class=\"num\">1.5</td>"),
            std::string::npos);
  // Shares as percentages, as profile's text table shows them: A 2.0 s and
  // B 1.8 s of the 6 s that thread1 and thread2 live.
  EXPECT_NE(
      page.find("<th>share (%)</th></tr>\n<tr><td>State</td><td>A</td><td class=\"num\">1</td>"
                "<td class=\"num\">2.0</td><td class=\"num\">2.0</td><td class=\"num\">33.3"
                "</td></tr>\n<tr><td>State</td><td>B</td><td class=\"num\">1</td>"
                "<td class=\"num\">1.8</td><td class=\"num\">1.8</td><td class=\"num\">30.0"
                "</td></tr>"),
      std::string::npos)
      << page.substr(page.find("<table class=\"profile\">"), 700);
  // Offline: the only URL is SVG's namespace, never fetched.
  EXPECT_EQ(Count(page, "http"), Count(page, "xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_EQ(Count(page, "src="), 0u);
  EXPECT_EQ(Count(page, "<script>"), 1u);
}

// The texts of an SVG's legend, in order.
std::vector<std::string> LegendTexts(const std::string& svg) {
  size_t from = svg.find("<g class=\"legend\">");
  std::string legend = svg.substr(from, svg.find("</g>", from) - from);
  std::vector<std::string> texts;
  std::regex text(">([^<]*)</text>");
  for (auto it = std::sregex_iterator(legend.begin(), legend.end(), text);
       it != std::sregex_iterator(); ++it) {
    texts.push_back((*it)[1]);
  }
  return texts;
}

// v<from>, ..., v<to>.
std::vector<std::string> Values(int from, int to) {
  std::vector<std::string> names;
  for (int k = from; k <= to; ++k) names.push_back("v" + std::to_string(k));
  return names;
}

// 300 values, v100 to v399, each in one state of node1/thread1 that lasts
// as many seconds as its number: the charts and the report show the
// busiest (a trace of 200,000 values drew a legend 450,000 px high, took
// 3.6 GB for its utilisation, and listed every value in the report).
TEST_P(AnalysisCli, ChartsAndTheReportOfManyValuesShowTheBusiest) {
  std::string body;
  int time = 0;
  for (int k = 100; k < 400; time += k++) {
    body += "8 " + std::to_string(time) + " S t1 v" + std::to_string(k) + "\n";
  }
  Ingest("values.paje", body + "7 " + std::to_string(time) + " T t1\n");
  std::string svg = Folder() + "/chart.svg";
  CliRun run = Tracedb("plot gantt --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<rect class=\"state\""), 300u);  // each in its own colour
  EXPECT_EQ(LegendTexts(text), Values(336, 399));
  EXPECT_NE(text.find("\">and 236 more values (tracedb profile lists all)</text>"),
            std::string::npos);
  run = Tracedb("plot utilisation --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<path class=\"area\""), 24u);
  std::vector<std::string> legend = Values(377, 399);
  legend.push_back("277 other values");
  EXPECT_EQ(LegendTexts(text), legend);
  EXPECT_NE(text.find("fill=\"#888888\"><title>277 other values</title>"), std::string::npos);
  std::string html = Folder() + "/report.html";
  run = Tracedb("report --db " + db() + " -o " + html + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string page = ReadWholeFile(html);
  EXPECT_NE(page.find("<td>v300</td>"), std::string::npos);
  EXPECT_EQ(page.find("<td>v299</td>"), std::string::npos);
  EXPECT_NE(page.find("The 100 values of most time, of 300: tracedb profile lists them all."),
            std::string::npos);
}

// Variable V of node1/thread1 is 5 from 1.0, 7 from 2.0; thread2's is 1
// from 1.5. Over 1,000 columns of the span [0, 3]: no value before 1.0 (a
// gap), then 5, then 7.
TEST_P(AnalysisCli, ReportDrawsVariablesAsLines) {
  Ingest("variables.paje",
         "8 1.0 S t1 A\n13 1.0 V t1 5\n13 1.5 V t2 1\n13 2.0 V t1 7\n"
         "10 3.0 S t1\n");
  std::string html = Folder() + "/variables.html";
  CliRun run = Tracedb("report --db " + db() + " -o " + html + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string page = ReadWholeFile(html);
  EXPECT_EQ(Count(page, "<section id=\"variables\">"), 1u);
  EXPECT_EQ(Count(page, "<path class=\"line\""), 2u);
  EXPECT_NE(page.find("<title>node1/thread1</title>"), std::string::npos);
  EXPECT_NE(page.find(">Var</text>"), std::string::npos);  // the chart's title: the type
  // Found without std::regex, whose recursion a 12 kB path would take past
  // ASan's stack.
  const std::string kStart = "<path class=\"line\" d=\"";
  size_t at = page.find(kStart);
  ASSERT_NE(at, std::string::npos);
  at += kStart.size();
  std::string path = page.substr(at, page.find('"', at) - at);
  EXPECT_EQ(Count(path, "M"), 1u);           // one gap: before 1.0
  EXPECT_TRUE(path.starts_with("M403.5 "));  // column 333 (1.0 / 3 of 1000), from x 70
  // The value axis runs from 1 (y 230, thread2's) to 7 (y 30): 5 at y
  // 96.67; one column of both 5 and 7 on the way.
  EXPECT_EQ(Count(path, " 96.67L"), 333u);
  EXPECT_EQ(Count(path, " 30L") + path.ends_with(" 30"), 333u);
}

TEST_P(AnalysisCli, ReportRefusesWhatItCannotWrite) {
  Ingest("coloured.paje", kColoured);
  std::string missing = Folder() + "/nowhere/report.html";
  CliRun run = Tracedb("report --db " + db() + " -o " + missing + " 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + missing + ": no folder '" + Folder() +
                         "/nowhere' (make it first)\n");
  run = Tracedb("report --from 9 --db " + db() + " -o " + Folder() + "/r.html 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "tracedb: " + db() +
                ": --from 9.0 is not before the end of trace 1 (coloured.paje), which spans"
                " [0.0, 2.5]\n");
  EXPECT_FALSE(std::filesystem::exists(Folder() + "/r.html"));
}

// A trace of links and an event, without states: every answer made of
// states refuses it, saying what it has, and writes nothing; its
// communication matrix still draws.
TEST_P(AnalysisCli, AnswersMadeOfStatesRefuseATraceWithoutThem) {
  Ingest("quiet.paje", "16 1.0 L 0 m t1 k1\n17 2.0 L 0 m t2 k1\n");
  const std::string refusal =
      "tracedb: " + db() +
      ": trace 1 (quiet.paje) has no states to profile or draw (events: 0, variable "
      "intervals: 0, links: 1; tracedb query reads them)\n";
  std::string out = Folder() + (postgres() ? "/quiet-postgres" : "/quiet-sqlite");
  for (const std::string& args : std::vector<std::string>{
           "profile 1", "compare 1 1", "report -o " + out + ".html 1",
           "plot gantt -o " + out + ".svg 1", "plot utilisation -o " + out + ".svg 1",
           "plot profile -o " + out + ".svg 1"}) {
    CliRun run = Tracedb(args + " --db " + db());
    EXPECT_EQ(run.exit_code, 1) << args;
    EXPECT_EQ(run.out, "") << args;
    EXPECT_EQ(run.err, refusal) << args;
  }
  EXPECT_FALSE(std::filesystem::exists(out + ".html"));
  EXPECT_FALSE(std::filesystem::exists(out + ".svg"));
  CliRun run = Tracedb("plot comm -o " + out + ".svg --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(std::filesystem::exists(out + ".svg"));
}

}  // namespace
}  // namespace tracedb::testing::analysis_cli::report_cli_test
