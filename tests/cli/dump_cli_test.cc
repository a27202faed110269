// The tracedb binary: exit codes, messages on stderr, stdin and gzip input.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "support/test_support.h"

namespace tracedb::testing::dump_cli_test {
namespace {

const char* kBody = "8 1.0 S t1 A\n12 2.0 E t2 x\n";

TEST(DumpCli, PrintsEntitiesAndExitsZero) {
  std::string path = WriteTempFile("ok.paje", Header() + kBody);
  CliRun run = Tracedb("dump " + path);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  std::vector<std::string> lines;
  std::stringstream text(run.out);
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  EXPECT_EQ(Sorted(lines),
            Expect({WorldContainers("2"),
                    {"State, thread1, State, 1.000000, 2.000000, 1.000000, 0.000000, A",
                     "Event, thread2, Ev, 2.000000, x"}}));
}

TEST(DumpCli, ReadsStdinAndGzip) {
  std::string path = WriteTempFile("in.paje", Header() + kBody);
  CliRun plain = Tracedb("dump " + path);
  CliRun from_stdin = Tracedb("dump - <" + path);
  EXPECT_EQ(from_stdin.exit_code, 0) << from_stdin.err;
  EXPECT_EQ(from_stdin.out, plain.out);
  ASSERT_EQ(std::system(("gzip -c " + path + " >" + path + ".gz").c_str()), 0);
  CliRun gz = Tracedb("dump " + path + ".gz");
  EXPECT_EQ(gz.exit_code, 0) << gz.err;
  EXPECT_EQ(gz.out, plain.out);
  CliRun gz_stdin = Tracedb("dump - <" + path + ".gz");
  EXPECT_EQ(gz_stdin.out, plain.out);
}

// A pipe cannot seek, and the look at the content that chooses the reader must not cost the
// reader any byte: a trace larger than zlib's read-ahead (1 MiB) dumps as the file does.
TEST(DumpCli, ReadsAPajeTraceFromAPipe) {
  std::string path = WriteTempFile("piped.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 3M --seed 4 " + path).c_str()), 0);
  CliRun file = Tracedb("dump " + path);
  ASSERT_EQ(file.exit_code, 0) << file.err;
  CliRun piped = TracedbPiped("cat " + path, "dump -");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.err, "");
  EXPECT_TRUE(piped.out == file.out) << piped.out.size() << " bytes, not " << file.out.size();
  CliRun gz = TracedbPiped("gzip -c " + path, "dump -");
  EXPECT_EQ(gz.exit_code, 0) << gz.err;
  EXPECT_TRUE(gz.out == file.out) << gz.out.size() << " bytes, not " << file.out.size();
}

// Parsers and a text worker around the simulator, as many as asked, change
// nothing: the same bytes, the same warnings and errors.
TEST(DumpCli, ManyThreadsPrintWhatOneThreadPrints) {
  std::string path = WriteTempFile("threads.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 3M --seed 7 --churn 100 " + path)
                            .c_str()),
            0);
  CliRun one = Tracedb("dump --threads 1 -u " + path);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  for (const char* threads : {"8", "12"}) {
    CliRun many = Tracedb("dump --threads " + std::string(threads) + " -u " + path);
    EXPECT_EQ(many.exit_code, 0) << many.err;
    EXPECT_TRUE(many.out == one.out) << threads << ": " << many.out.size() << " bytes";
  }
  // A bad line near the end: skipped, then failing the read.
  std::string bad = WriteTempFile("threads-bad.paje", ReadWholeFile(path) + "12 1 E nosuch x\n");
  for (const char* mode : {"--on-error skip", "--on-error fail"}) {
    CliRun expected = Tracedb("dump --threads 1 " + std::string(mode) + " " + bad);
    CliRun many = Tracedb("dump --threads 8 " + std::string(mode) + " " + bad);
    EXPECT_EQ(many.exit_code, expected.exit_code) << mode;
    EXPECT_EQ(many.err, expected.err) << mode;
    EXPECT_TRUE(many.out == expected.out) << mode;
  }
}

TEST(DumpCli, BadInputNamesFileAndLineAndExitsOne) {
  std::string path = WriteTempFile("bad.paje", Header() + "12 1.0 E nosuch x\n");
  CliRun run = Tracedb("dump " + path);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, path + ":" + std::to_string(BodyLine(1)) + ": unknown container 'nosuch'\n");
}

TEST(DumpCli, MissingFileAndDirectoryAreErrors) {
  CliRun missing = Tracedb("dump /nonexistent.paje");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "/nonexistent.paje: cannot open: No such file or directory\n");
  CliRun dir = Tracedb("dump /tmp");
  EXPECT_EQ(dir.exit_code, 1);
  EXPECT_EQ(dir.err,
            "/tmp: is a directory, not a trace file (nor the folder of an OTF2 archive)\n");
}

TEST(DumpCli, UsageErrorsExitTwo) {
  CliRun none = Tracedb("");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "tracedb: missing COMMAND\n(run 'tracedb --help' for usage)\n");
  CliRun unknown = Tracedb("frobnicate");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "tracedb: unknown command 'frobnicate'\n(run 'tracedb --help' for usage)\n");
  CliRun no_file = Tracedb("dump");
  EXPECT_EQ(no_file.exit_code, 2);
  EXPECT_EQ(no_file.err, "tracedb dump: missing FILE\n(run 'tracedb dump --help' for usage)\n");
  CliRun bad_option = Tracedb("dump --bogus x");
  EXPECT_EQ(bad_option.exit_code, 2);
  CliRun bad_level = Tracedb("dump --log-level loud x");
  EXPECT_EQ(bad_level.exit_code, 2);
  EXPECT_EQ(bad_level.err, "tracedb dump: unknown log level 'loud'\n(run 'tracedb dump --help' for usage)\n");
}

TEST(DumpCli, HelpAndVersion) {
  CliRun help = Tracedb("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("usage: tracedb COMMAND"), std::string::npos);
  CliRun dump_help = Tracedb("dump --help");
  EXPECT_EQ(dump_help.exit_code, 0);
  EXPECT_NE(dump_help.out.find("--ignore-incomplete-links"), std::string::npos);
  CliRun version = Tracedb("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("tracedb ", 0), 0u);
}

TEST(DumpCli, UserFieldsAndIgnoreIncompleteLinksFlags) {
  std::string path = WriteTempFile("flags.paje", Header() + "16 1.0 L 0 v t1 k\n12 2.0 E t1 x\n");
  EXPECT_EQ(Tracedb("dump " + path).exit_code, 1);
  CliRun z = Tracedb("dump -z " + path);
  EXPECT_EQ(z.exit_code, 0) << z.err;
  EXPECT_EQ(z.out.find("Link"), std::string::npos);
  EXPECT_EQ(Tracedb("dump --ignore-incomplete-links -u " + path).exit_code, 0);
}

}  // namespace
}  // namespace tracedb::testing::dump_cli_test
