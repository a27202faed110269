// tracedb plot on both backends: each state of a Gantt chart drawn where and
// in the colour it is, big traces as images of bounded size read alike by
// any number of readers, the other charts, and no file written or replaced
// where it should not be.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "analysis/gantt_data.h"
#include "analysis_cli.h"
#include "chart/gantt_cells.h"
#include "pipeline/open_archive.h"

namespace tracedb::testing::analysis_cli::plot_cli_test {
namespace {

uint32_t Big32(const std::string& bytes, size_t at) {
  return (uint32_t{uint8_t(bytes[at])} << 24) | (uint32_t{uint8_t(bytes[at + 1])} << 16) |
         (uint8_t(bytes[at + 2]) << 8) | uint8_t(bytes[at + 3]);
}

std::string Base64Decoded(const std::string& text) {
  static const std::string kDigits =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i + 3 < text.size(); i += 4) {
    uint32_t n = 0;
    for (size_t k = 0; k < 4; ++k) n = n << 6 | static_cast<uint32_t>(kDigits.find(text[i + k]));
    out += {static_cast<char>(n >> 16), static_cast<char>(n >> 8), static_cast<char>(n)};
  }
  return out;
}

// "x y width height fill" of each state's rectangle, in document order.
std::vector<std::string> StateRects(const std::string& svg) {
  static const std::regex kRect(
      "<rect class=\"state\" x=\"([^\"]*)\" y=\"([^\"]*)\" width=\"([^\"]*)\" "
      "height=\"([^\"]*)\" fill=\"([^\"]*)\">");
  std::vector<std::string> rects;
  for (std::sregex_iterator it(svg.begin(), svg.end(), kRect), end; it != end; ++it) {
    rects.push_back((*it)[1].str() + " " + (*it)[2].str() + " " + (*it)[3].str() + " " +
                    (*it)[4].str() + " " + (*it)[5].str());
  }
  return rects;
}

// The time axis starts 96.5 px in (the labels' width) and runs 1000 px for
// the 2.5 of the trace: 400 px a unit. Rows are 16 px from y 30; a nested
// state is inset by 2 px.
TEST_P(AnalysisCli, PlotGanttDrawsEachStateWhereAndInTheColourItIs) {
  Ingest("coloured.paje", kColoured);
  std::string svg = WriteTempFile("gantt.svg", "an older file");
  CliRun run = Tracedb("plot gantt --width 1000 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out + run.err, "");
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(StateRects(text),
            (std::vector<std::string>{"496.5 31 600 14 #ff0000", "896.5 33 200 10 #0000ff",
                                      "696.5 47 400 14 #0000ff"}));
  EXPECT_NE(text.find(">node1/thread1</text>"), std::string::npos);
  EXPECT_NE(text.find("<title>node1/thread1\nBeta\nstart 2.0 s, end 2.5 s, duration 0.5 s</title>"),
            std::string::npos);
  EXPECT_NE(text.find(">Alpha</text>"), std::string::npos);  // the legend
  EXPECT_NE(text.find(">time (s)</text>"), std::string::npos);  // the axis, in the trace's unit
  EXPECT_EQ(text.find(".part"), std::string::npos);
  // A window: [2.0, 2.5] over the 1000 px.
  run = Tracedb("plot gantt --width 1000 --from 2 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(StateRects(ReadWholeFile(svg)),
            (std::vector<std::string>{"96.5 31 1000 14 #ff0000", "96.5 33 1000 10 #0000ff",
                                      "96.5 47 1000 14 #0000ff"}));
  // [1.0, 1.2] holds Alpha alone: the legend lists no Beta.
  run = Tracedb("plot gantt --width 1000 --from 1 --to 1.2 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  text = ReadWholeFile(svg);
  EXPECT_EQ(StateRects(text), std::vector<std::string>{"96.5 31 1000 14 #ff0000"});
  EXPECT_NE(text.find(">Alpha</text>"), std::string::npos);
  EXPECT_EQ(text.find(">Beta</text>"), std::string::npos) << text;
}

// A trace whose every time is 0 has no span: its one state sits at the
// left edge, half a pixel wide (0 / 0 drew it at x="-nan").
TEST_P(AnalysisCli, PlotGanttOfATraceOfOneInstantDrawsNoNan) {
  Ingest("instant.paje", "5 a S Alpha \"1 0 0\"\n9 0 S t1 a\n10 0 S t1\n");
  std::string svg = WriteTempFile("instant.svg", "");
  CliRun run = Tracedb("plot gantt --width 1000 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(StateRects(text), (std::vector<std::string>{"96.5 31 0.5 14 #ff0000"}));
  EXPECT_EQ(text.find("nan"), std::string::npos);
}

// Past 5,000 states, a pixel per row and column: the rows stay (one per
// container with states), the columns are --width, whatever the trace's size.
TEST_P(AnalysisCli, PlotGanttOfABigTraceIsAnImageOfBoundedSize) {
  std::string trace = Folder() + "/big.paje";
  ASSERT_EQ(
      std::system((std::string(TRACEDB_GEN) + " --size 3M --containers 40 " + trace + " >/dev/null")
                      .c_str()),
      0);
  CliRun run = Tracedb("ingest -q --db " + db() + " " + trace);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::string svg = Folder() + "/big.svg";
  run = Tracedb("plot gantt --width 700 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(text.find("<rect class=\"state\""), std::string::npos);
  std::vector<std::string> rows = database_->Rows(
      "SELECT count(*) FROM (SELECT DISTINCT container_id, type_id FROM state_summary) AS r");
  ASSERT_EQ(rows.size(), 1u);
  // std::regex on the whole file would recurse past ASan's stack.
  size_t image = text.find("<image class=\"cells\" ");
  ASSERT_NE(image, std::string::npos);
  size_t data = text.find("href=\"data:image/png;base64,", image);
  ASSERT_NE(data, std::string::npos);
  data += std::string("href=\"data:image/png;base64,").size();
  std::string head = Base64Decoded(text.substr(data, 32));
  EXPECT_EQ(Big32(head, 16), 700u);                     // columns
  EXPECT_EQ(std::to_string(Big32(head, 20)), rows[0]);  // rows
  EXPECT_LT(text.size(), 700u * std::stoul(rows[0]));
}

// However many connections read a big trace, the chart is the same (past
// 4, the readers are 4).
TEST_P(AnalysisCli, AGanttReadByManyReadersIsTheOneReadByOne) {
  std::string trace = Folder() + "/big.paje";
  ASSERT_EQ(
      std::system((std::string(TRACEDB_GEN) + " --size 2M --containers 40 " + trace + " >/dev/null")
                      .c_str()),
      0);
  CliRun run = Tracedb("ingest -q --db " + db() + " " + trace);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::unique_ptr<Archive> archive = OpenArchive(db(), ArchiveAccess::kRead);
  std::optional<TraceRecord> record = archive->catalog->FindTrace("1");
  ASSERT_TRUE(record);
  GanttChart one = ReadGantt(*archive->reader, *record, {.columns = 300, .readers = 1});
  ASSERT_TRUE(one.aggregated);
  ASSERT_GT(one.rows.size(), 40u);
  for (int readers : {2, 3, 7, 100}) {
    GanttChart many = ReadGantt(*archive->reader, *record, {.columns = 300, .readers = readers});
    EXPECT_TRUE(many.aggregated);
    ASSERT_EQ(many.rows.size(), one.rows.size()) << readers;
    for (size_t row = 0; row < one.rows.size(); ++row) {
      EXPECT_EQ(many.rows[row].label, one.rows[row].label) << readers;
      EXPECT_EQ(CellsOf(many.rows[row].runs, 300), CellsOf(one.rows[row].runs, 300))
          << readers << " " << row;
    }
  }
  size_t painted = 0;
  for (const GanttRow& row : one.rows) {
    ASSERT_FALSE(row.runs.empty());
    EXPECT_EQ(row.runs.back().end, 300u);
    for (uint16_t cell : CellsOf(row.runs, 300)) painted += cell != 0;
  }
  EXPECT_GT(painted, one.rows.size() * 100);
}

// The other kinds, each the chart the report holds.
TEST_P(AnalysisCli, PlotDrawsUtilisationProfileAndComm) {
  Ingest("messages.paje", std::string(kMessages) + "8 1.0 S t1 A\n8 1.2 S t2 B\n9 2.0 S t2 C\n");
  std::string svg = Folder() + "/chart.svg";
  CliRun run = Tracedb("plot utilisation --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_TRUE(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"utilisation\""));
  EXPECT_EQ(Count(text, "<path class=\"area\""), 3u);
  EXPECT_NE(text.find("<title>C</title>"), std::string::npos);
  run = Tracedb("plot profile --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<rect class=\"exclusive\""), 3u);
  // A: 2.0 s from 1.0 to 3.0; C pushed on B at 2.0: B's 1.8 s, 0.8 of them exclusive.
  EXPECT_NE(text.find("<title>B\ninclusive 1.8 s\nexclusive 0.8 s</title>"), std::string::npos);
  EXPECT_EQ(text.find("more values"), std::string::npos);
  run = Tracedb("plot comm --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<rect class=\"cell\""), 9u);
  EXPECT_NE(text.find("<title>node1/thread1 -&gt; node1/thread2\n2 messages, 150 bytes</title>"),
            std::string::npos);
}

// The profile draws the 30 values of most time and says how many it left
// out: values v0 to v32 each set once, vK for K + 1 seconds.
TEST_P(AnalysisCli, PlotProfileCountsTheValuesWithoutABar) {
  std::string body;
  int at = 0;
  for (int k = 0; k <= 32; ++k) {
    body += "8 " + std::to_string(at) + " S t1 v" + std::to_string(k) + "\n";
    at += k + 1;
  }
  body += "7 " + std::to_string(at) + " T t1\n";
  Ingest("many.paje", body);
  std::string svg = Folder() + "/profile.svg";
  CliRun run = Tracedb("plot profile --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<rect class=\"exclusive\""), 30u);
  EXPECT_NE(text.find("<title>v3\ninclusive 4.0 s\nexclusive 4.0 s</title>"), std::string::npos);
  EXPECT_EQ(text.find("<title>v2\n"), std::string::npos);
  // Under the 30th bar (30 px from the top, 20 px a bar).
  EXPECT_NE(text.find("<text class=\"unlisted\" x=\"10\" y=\"643\">and 3 more values (tracedb"
                      " profile lists all)</text>"),
            std::string::npos)
      << text;
}

// --type picks the state type of every chart that draws states: a second
// type, Phase, with values init and solve, beside State's A and B.
TEST_P(AnalysisCli, PlotUtilisationAndProfileDrawTheTypeAsked) {
  Ingest("phases.paje",
         "1 P T Phase\n8 0.5 P t1 init\n8 1.0 S t1 A\n8 1.5 P t1 solve\n8 2.0 S t1 B\n"
         "7 3.0 T t1\n");
  std::string svg = Folder() + "/chart.svg";
  for (const char* kind : {"utilisation", "profile"}) {
    CliRun run =
        Tracedb(std::string("plot ") + kind + " --type Phase --db " + db() + " -o " + svg + " 1");
    EXPECT_EQ(run.exit_code, 0) << kind << ": " << run.err;
    std::string text = ReadWholeFile(svg);
    EXPECT_NE(text.find("<title>init"), std::string::npos) << kind;
    EXPECT_NE(text.find("<title>solve"), std::string::npos) << kind;
    EXPECT_EQ(text.find("<title>A"), std::string::npos) << kind;
    EXPECT_EQ(text.find("<title>B"), std::string::npos) << kind;
    run = Tracedb(std::string("plot ") + kind + " --db " + db() + " -o " + svg + " 1");
    EXPECT_EQ(run.exit_code, 0) << kind << ": " << run.err;
    EXPECT_NE(ReadWholeFile(svg).find("<title>Phase: init"), std::string::npos) << kind;
    EXPECT_NE(ReadWholeFile(svg).find("<title>State: A"), std::string::npos) << kind;
    std::string none = Folder() + "/none.svg";
    run = Tracedb(std::string("plot ") + kind + " --type Nope --db " + db() + " -o " + none + " 1");
    EXPECT_EQ(run.exit_code, 1) << kind;
    EXPECT_EQ(run.err, "tracedb: " + db() +
                           ": trace 1 (phases.paje) has no state type 'Nope'"
                           " (its state types: 'Phase', 'State')\n")
        << kind;
    EXPECT_FALSE(std::filesystem::exists(none)) << kind;
  }
  CliRun run = Tracedb("plot comm --type Phase --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb plot: plot comm draws the whole trace's links: --from, --to and --type do"
            " not apply\n(run 'tracedb plot --help' for usage)\n");
}

TEST_P(AnalysisCli, PlotWritesNothingWhereItCannot) {
  Ingest("coloured.paje", kColoured);
  std::string missing = Folder() + "/no/such/folder/gantt.svg";
  CliRun run = Tracedb("plot gantt --db " + db() + " -o " + missing + " 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + missing + ": no folder '" + Folder() +
                         "/no/such/folder' (make it first)\n");
  run = Tracedb("plot gantt --db " + db() + " -o " + Folder() + "/x.svg 2");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: " + db() + ": no trace '2' (see tracedb list)\n");
  EXPECT_FALSE(std::filesystem::exists(Folder() + "/x.svg"));
  run = Tracedb("plot pie --db " + db() + " -o " + Folder() + "/x.svg 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb plot: KIND must be gantt, utilisation, profile or comm, not 'pie'\n"
            "(run 'tracedb plot --help' for usage)\n");
  run = Tracedb("plot gantt --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "tracedb plot: missing -o FILE.svg\n(run 'tracedb plot --help' for usage)\n");
}

// The chart is renamed over -o's path, which must be a file the user may
// write: a folder said "Device or resource busy", and a write-protected
// file was replaced by a writable one.
TEST_P(AnalysisCli, PlotReplacesNoFolderAndNoWriteProtectedFile) {
  Ingest("coloured.paje", kColoured);
  CliRun run = Tracedb("plot gantt --db " + db() + " -o " + Folder() + " 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + Folder() + ": is a folder (name a file to write)\n");
  // A name ending in '/' (a slip of the shell's completion) is no file
  // either, whether or not that folder is there.
  run = Tracedb("plot gantt --db " + db() + " -o " + Folder() + "/x.svg/ 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + Folder() +
                         "/x.svg/: ends in '/', a folder's name (name a file to write)\n");
  run = Tracedb("plot gantt --db " + db() + " -o " + Folder() + "/ 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + Folder() + "/: is a folder (name a file to write)\n");
  EXPECT_FALSE(std::filesystem::exists(Folder() + "/x.svg"));
  std::string kept = Folder() + "/kept.svg";
  std::filesystem::remove(kept);  // the other backend's run left it read-only
  std::ofstream(kept) << "mine";
  const auto read_only = std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                         std::filesystem::perms::others_read;
  std::filesystem::permissions(kept, read_only);
  // root may write any file: its run drops that privilege, which users lack.
  std::vector<std::string> args = {"plot", "gantt", "--db", db(), "-o", kept, "1"};
  std::string program = TRACEDB_BINARY;
  if (geteuid() == 0) {
    args.insert(args.begin(), {"--bounding-set=-dac_override,-dac_read_search", program});
    program = "/usr/bin/setpriv";
  }
  ChildRun protected_run = RunChild(program, args);
  EXPECT_EQ(protected_run.exit_code, 1);
  EXPECT_EQ(protected_run.err, "tracedb: error: " + kept + ": Permission denied\n");
  EXPECT_EQ(ReadWholeFile(kept), "mine");
  EXPECT_EQ(std::filesystem::status(kept).permissions() & std::filesystem::perms::all, read_only);
  EXPECT_FALSE(std::filesystem::exists(kept + ".part"));
}

}  // namespace
}  // namespace tracedb::testing::analysis_cli::plot_cli_test
