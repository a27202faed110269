// Every command's --help reads like a man page: a usage line, the
// description, the options and examples, in lines that fit a terminal.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "cli/command_help.h"
#include "support/test_support.h"

namespace tracedb::testing::help_cli_test {
namespace {

// The longest line of `text`, in characters (UTF-8 lead bytes).
size_t Widest(const std::string& text) {
  size_t widest = 0;
  std::stringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    size_t width = 0;
    for (unsigned char c : line) width += (c & 0xC0) != 0x80;
    widest = std::max(widest, width);
  }
  return widest;
}

TEST(HelpCli, OverviewListsEveryCommand) {
  CliRun run = Tracedb("--help");
  EXPECT_EQ(run.exit_code, 0);
  for (const CommandHelp& command : CommandHelps()) {
    EXPECT_NE(run.out.find("\n  " + std::string(command.name) + " "), std::string::npos)
        << command.name;
  }
  EXPECT_LE(Widest(run.out), 80u);
}

TEST(HelpCli, HelpCommandPrintsThatCommandsHelp) {
  CliRun overview = Tracedb("help");
  EXPECT_EQ(overview.exit_code, 0);
  EXPECT_EQ(overview.out, Tracedb("--help").out);
  for (const CommandHelp& command : CommandHelps()) {
    std::string name = command.name;
    CliRun run = Tracedb("help " + name);
    EXPECT_EQ(run.exit_code, 0) << name;
    EXPECT_EQ(run.err, "") << name;
    EXPECT_EQ(run.out, Tracedb(name + " --help").out) << name;
  }
}

TEST(HelpCli, EveryCommandHasUsageDescriptionOptionsAndExamples) {
  for (const CommandHelp& command : CommandHelps()) {
    std::string name = command.name;
    CliRun run = Tracedb(name + " --help");
    EXPECT_EQ(run.exit_code, 0) << name;
    EXPECT_EQ(run.err, "") << name;
    EXPECT_EQ(run.out.rfind("tracedb " + name + " - " + command.summary + "\n\n", 0), 0u)
        << run.out;
    EXPECT_NE(run.out.find("\nusage: tracedb " + name + " "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\noptions:\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("  -h, --help"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\nexamples:\n  "), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("%DB"), std::string::npos) << run.out;
    EXPECT_LE(Widest(run.out), 80u) << run.out;
  }
}

// A page a terminal shows whole, which says only what applies: the note on
// TRACE where a TRACE is taken, on DB where there is a --db, on bad lines
// where trace files are read.
TEST(HelpCli, EachPageFitsAScreenAndSaysWhatAppliesToIt) {
  for (const CommandHelp& command : CommandHelps()) {
    std::string name = command.name;
    std::string usage = command.usage;
    std::string out = Tracedb(name + " --help").out;
    EXPECT_LE(std::count(out.begin(), out.end(), '\n'), 43) << out;
    EXPECT_EQ(out.find("\nTRACE: ") != std::string::npos, usage.find("TRACE") != std::string::npos)
        << name;
    EXPECT_EQ(out.find("\nDB: ") != std::string::npos, usage.find("--db DB") != std::string::npos)
        << name;
    bool reads_files = usage.find("--on-error") != std::string::npos;
    EXPECT_EQ(out.find("\nA bad line fails the file") != std::string::npos, reads_files) << name;
  }
}

TEST(HelpCli, OptionsShowTheirArgumentNames) {
  CliRun run = Tracedb("ingest --help");
  EXPECT_NE(run.out.find("--db DB"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("--comment TEXT"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("--log-level LEVEL"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace tracedb::testing::help_cli_test
