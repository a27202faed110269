// tracedb report's pages in a real browser, Debian's chromium, headless
// (scripts/setup installs it): for a Pajé, a Paraver and an OTF2 trace (an
// MPI ring traced by EZTrace at test time), from both backends, the DOM it
// renders holds the charts, the page logs nothing to the console (no
// JavaScript error), and a screenshot is not blank.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/eztrace_run.h"
#include "support/test_support.h"

namespace tracedb::testing::browser_report_test {
namespace {

namespace fs = std::filesystem;

struct BrowserRun {
  int exit_code = 0;
  std::string out;
  std::string err;
};

// chromium, headless, on a profile of its own; as root it needs
// --no-sandbox.
BrowserRun Chromium(const std::string& folder, const std::string& args, const std::string& page) {
  std::string out = folder + "/chromium.out", err = folder + "/chromium.err";
  std::string command =
      "timeout 120 chromium --headless --no-sandbox --disable-gpu "
      "--no-first-run --user-data-dir=" +
      folder + "/profile " + "--enable-logging=stderr --v=0 " + args + " file://" + page + " >" +
      out + " 2>" + err;
  int status = std::system(command.c_str());
  return {WEXITSTATUS(status), ReadWholeFile(out), ReadWholeFile(err)};
}

std::vector<std::string> ConsoleLines(const std::string& log) {
  std::vector<std::string> lines;
  for (const std::string& line : SortedLines(log)) {
    if (line.find(":CONSOLE") != std::string::npos) lines.push_back(line);
  }
  return lines;
}

uint32_t Big32(const std::string& bytes, size_t at) {
  return (uint32_t{uint8_t(bytes[at])} << 24) | (uint32_t{uint8_t(bytes[at + 1])} << 16) |
         (uint8_t(bytes[at + 2]) << 8) | uint8_t(bytes[at + 3]);
}

int Paeth(int a, int b, int c) {
  int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// The distinct pixels of an 8-bit RGB or RGBA PNG (what chromium writes):
// its IDAT chunks inflated and every row unfiltered.
size_t DistinctPixels(const std::string& png) {
  uint32_t width = Big32(png, 16), height = Big32(png, 20);
  int bpp = png[25] == 6 ? 4 : 3;
  std::string deflated;
  for (size_t at = 8; at + 8 <= png.size();) {
    uint32_t size = Big32(png, at);
    if (png.compare(at + 4, 4, "IDAT") == 0) deflated += png.substr(at + 8, size);
    at += 12 + size;
  }
  size_t stride = size_t{width} * bpp;
  std::vector<uint8_t> raw((stride + 1) * height);
  uLongf raw_size = raw.size();
  if (uncompress(raw.data(), &raw_size, reinterpret_cast<const Bytef*>(deflated.data()),
                 deflated.size()) != Z_OK) {
    return 0;
  }
  std::vector<uint8_t> previous(stride, 0), row(stride);
  std::set<uint32_t> pixels;
  for (uint32_t y = 0; y < height; ++y) {
    const uint8_t* line = raw.data() + y * (stride + 1);
    for (size_t x = 0; x < stride; ++x) {
      int a = x >= size_t(bpp) ? row[x - bpp] : 0, b = previous[x];
      int c = x >= size_t(bpp) ? previous[x - bpp] : 0;
      int predictor[] = {0, a, b, (a + b) / 2, Paeth(a, b, c)};
      row[x] = static_cast<uint8_t>(line[1 + x] + predictor[line[0] % 5]);
    }
    for (size_t x = 0; x + 2 < stride; x += bpp) {
      pixels.insert(row[x] << 16 | row[x + 1] << 8 | row[x + 2]);
    }
    previous = row;
  }
  return pixels.size();
}

// The blank check itself: a page with nothing on it is one colour.
TEST(BrowserScreenshot, ABlankPageIsOneColour) {
  std::string page = WriteTempFile("blank.html", "<!DOCTYPE html><html><body></body></html>");
  std::string folder = fs::path(page).parent_path().string();
  BrowserRun run =
      Chromium(folder, "--screenshot=" + folder + "/blank.png --window-size=300,200", page);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(DistinctPixels(ReadWholeFile(folder + "/blank.png")), 1u);
}

class BrowserReport : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_.emplace(GetParam(), "browser");
    folder_ = fs::path(WriteTempFile(".browser", "")).parent_path().string();
  }

  // The report of `file`, ingested, as the browser renders it.
  void Check(const std::string& file, const std::string& name) {
    CliRun run = Tracedb("ingest -q --db " + database_->url() + " " + file);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::string page = folder_ + "/" + name + ".html";
    run = Tracedb("report --db " + database_->url() + " -o " + page + " " + name);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    BrowserRun dom = Chromium(folder_, "--dump-dom", page);
    ASSERT_EQ(dom.exit_code, 0) << dom.err;
    for (const char* part :
         {"<section id=\"gantt\">", "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gantt\"",
          "<rect class=\"state\"", "class=\"utilisation\"", "<path class=\"area\"",
          "class=\"profile\"", "<rect class=\"exclusive\"", "<div id=\"tip\""}) {
      EXPECT_NE(dom.out.find(part), std::string::npos) << name << ": " << part;
    }
    EXPECT_EQ(ConsoleLines(dom.err), std::vector<std::string>{}) << name;
    std::string shot = folder_ + "/" + name + ".png";
    BrowserRun screenshot =
        Chromium(folder_, "--screenshot=" + shot + " --window-size=1200,900", page);
    ASSERT_EQ(screenshot.exit_code, 0) << screenshot.err;
    EXPECT_EQ(ConsoleLines(screenshot.err), std::vector<std::string>{}) << name;
    EXPECT_GE(DistinctPixels(ReadWholeFile(shot)), 8u) << name << ": a blank screenshot";
  }

  std::optional<TestDatabase> database_;
  std::string folder_;
};

TEST_P(BrowserReport, APajeTracesReportRendersWithoutErrors) {
  Check(std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje", "ring.paje");
}

TEST_P(BrowserReport, AParaverTracesReportRendersWithoutErrors) {
  std::string prv = folder_ + "/small.prv";
  std::string command = std::string(TRACEDB_GEN_PRV) +
                        " --size 100K --tasks 4 --threads-per-task 2 --nodes 2 --out " + prv +
                        " 2>/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  Check(prv, "small.prv");
}

// tests/format/otf2/mpi/ring.c on 4 ranks, traced by EZTrace: the archive
// by its folder, a trace named after it.
TEST_P(BrowserReport, AnEztraceOtf2TracesReportRendersWithoutErrors) {
  Check(EztraceArchive("ring"), "ring_trace");
}

INSTANTIATE_TEST_SUITE_P(Backends, BrowserReport,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::browser_report_test
