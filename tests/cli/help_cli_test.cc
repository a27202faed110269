// Every command's --help reads like a man page: a usage line, the
// description, the options and examples, in lines that fit a terminal; all
// of it, and docs/usage.md's synopsis, made from the commands' declarations.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_list.h"
#include "cli/help_text.h"
#include "cli/shared_options.h"
#include "pipeline/formats.h"
#include "sink/batching_sink.h"
#include "summary/trace_summarizer.h"
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

std::string Usage(const Command& command) {
  std::string all;
  for (const std::string& line : UsageLines(command, 80)) all += line + "\n";
  return all;
}

TEST(HelpCli, OverviewListsEveryCommand) {
  CliRun run = Tracedb("--help");
  EXPECT_EQ(run.exit_code, 0);
  for (const Command* command : Commands()) {
    EXPECT_NE(run.out.find("\n  " + std::string(command->name) + " "), std::string::npos)
        << command->name;
  }
  EXPECT_LE(Widest(run.out), 80u);
}

TEST(HelpCli, HelpCommandPrintsThatCommandsHelp) {
  CliRun overview = Tracedb("help");
  EXPECT_EQ(overview.exit_code, 0);
  EXPECT_EQ(overview.out, Tracedb("--help").out);
  for (const Command* command : Commands()) {
    std::string name = command->name;
    CliRun run = Tracedb("help " + name);
    EXPECT_EQ(run.exit_code, 0) << name;
    EXPECT_EQ(run.err, "") << name;
    EXPECT_EQ(run.out, Tracedb(name + " --help").out) << name;
    EXPECT_EQ(run.out, CommandPage(*command)) << name;
  }
}

TEST(HelpCli, EveryCommandHasUsageDescriptionOptionsAndExamples) {
  for (const Command* command : Commands()) {
    std::string name = command->name;
    CliRun run = Tracedb(name + " --help");
    EXPECT_EQ(run.exit_code, 0) << name;
    EXPECT_EQ(run.err, "") << name;
    EXPECT_EQ(run.out.rfind("tracedb " + name + " - " + command->summary + "\n\n", 0), 0u)
        << run.out;
    EXPECT_NE(run.out.find("\nusage: tracedb " + name), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\noptions:\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("  -h, --help"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\nexamples:\n  "), std::string::npos) << run.out;
    EXPECT_LE(Widest(run.out), 80u) << run.out;
  }
}

// A page a terminal shows whole, which says only what applies: the note on
// TRACE where a TRACE is taken, on DB where there is a --db, on bad lines
// where trace files are read.
TEST(HelpCli, EachPageFitsAScreenAndSaysWhatAppliesToIt) {
  for (const Command* command : Commands()) {
    std::string name = command->name;
    std::string usage = Usage(*command);
    std::string out = Tracedb(name + " --help").out;
    EXPECT_LE(std::count(out.begin(), out.end(), '\n'), 50) << out;
    EXPECT_EQ(out.find("\nTRACE: ") != std::string::npos, usage.find("TRACE") != std::string::npos)
        << name;
    EXPECT_EQ(out.find("\nDB: ") != std::string::npos, usage.find("--db DB") != std::string::npos)
        << name;
    bool reads_files = usage.find("--on-error") != std::string::npos;
    EXPECT_EQ(out.find("\nA bad line fails the file") != std::string::npos, reads_files) << name;
  }
}

TEST(HelpCli, UsageShowsEveryFormWithItsOptions) {
  EXPECT_EQ(Usage(kDumpCommand),
            "tracedb dump [-u] [--threads N] [-z] [--format F] [--pcf FILE] [--row FILE]\n"
            "             [--on-error fail|skip] [--max-errors N] FILE\n"
            "tracedb dump --db DB [-u] TRACE\n");
  EXPECT_EQ(Usage(kListCommand),
            "tracedb list [--db DB] [--csv | --json] [--tag KEY[=VALUE]]... [--status S]\n");
  EXPECT_EQ(Usage(kDeleteCommand),
            "tracedb delete [--db DB] [--vacuum] [--wait | --background] TRACE...\n"
            "tracedb delete --failed [--db DB] [--vacuum] [--wait | --background] [TRACE...]\n");
}

TEST(HelpCli, OptionsShowTheirArgumentNamesAndFallbacks) {
  CliRun run = Tracedb("ingest --help");
  EXPECT_NE(run.out.find("\n      --db DB  "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n      --comment TEXT  "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n      --log-level LEVEL  "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" a tag stored with each trace (repeatable)\n"), std::string::npos);
  EXPECT_NE(run.out.find(" rows per batch (default: 75000)\n"), std::string::npos);
  EXPECT_EQ(run.out.find("purge-for"), std::string::npos);
  EXPECT_EQ(Tracedb("delete --help").out.find("purge-for"), std::string::npos);
}

// One declaration feeds the usage, the options table and the parser: an
// option changed there changes every one of them.
TEST(HelpCli, AnOptionChangedInItsDeclarationChangesUsageAndHelp) {
  std::vector<OptionGroup> groups(kIngestCommand.options.begin(), kIngestCommand.options.end());
  std::vector<Option> batch(kBatchGroup.options.begin(), kBatchGroup.options.end());
  batch[0].value = "ROWS";
  batch[0].help = "rows handed to the writer at once";
  std::replace_if(
      groups.begin(), groups.end(),
      [](const OptionGroup& group) { return group.options.data() == kBatchGroup.options.data(); },
      OptionGroup{batch});
  Command changed = kIngestCommand;
  changed.options = groups;
  std::string page = CommandPage(changed);
  EXPECT_NE(page.find(" [--batch-size ROWS]"), std::string::npos) << page;
  EXPECT_NE(page.find("\n      --batch-size ROWS  "), std::string::npos) << page;
  EXPECT_NE(page.find(" rows handed to the writer at once (default:\n"), std::string::npos)
      << page;
  EXPECT_EQ(page.find("rows per batch"), std::string::npos) << page;
  EXPECT_NE(Usage(changed).find("[--batch-size ROWS]"), std::string::npos);
}

TEST(HelpCli, FallbacksAndChoicesAreThePipelines) {
  EXPECT_EQ(std::string(kBatchOptions[0].fallback), std::to_string(kDefaultBatchRows));
  EXPECT_EQ(std::string(kProfileBinsOptions[0].fallback), std::to_string(kDefaultProfileBins));
  EXPECT_EQ(std::string(kFormatOptions[0].help), FormatChoices());
}

// docs/usage.md's synopsis is the declarations' usage lines: the fenced
// block after the marker line, exactly.
TEST(HelpCli, TheDocsSynopsisIsTheDeclarationsUsage) {
  std::string doc = ReadWholeFile(std::string(TRACEDB_SOURCE_DIR) + "/docs/usage.md");
  std::string marker = "<!-- generated: the usage lines of every command (tests check it) -->\n```\n";
  size_t start = doc.find(marker);
  ASSERT_NE(start, std::string::npos);
  start += marker.size();
  std::string block = doc.substr(start, doc.find("```\n", start) - start);
  EXPECT_EQ(block, Synopsis(Commands())) << "docs/usage.md's synopsis should read:\n"
                                         << Synopsis(Commands());
}

}  // namespace
}  // namespace tracedb::testing::help_cli_test
