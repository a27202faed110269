// scripts/check-layers: the folders under src/ are layers, and the check
// that keeps them so fails on what breaks them, naming file and line.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "support/test_support.h"

namespace tracedb::testing::layer_check_test {
namespace {

namespace fs = std::filesystem;

struct CheckRun {
  int exit_code = -1;
  std::string out;
};

CheckRun CheckLayers(const fs::path& src) {
  std::string command =
      std::string("sh ") + TRACEDB_SOURCE_DIR + "/scripts/check-layers '" + src.string() + "'";
  CheckRun run;
  std::FILE* pipe = popen(command.c_str(), "r");
  char buffer[4096];
  while (size_t got = std::fread(buffer, 1, sizeof buffer, pipe)) run.out.append(buffer, got);
  int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// A copy of the project's src/ that a test may break.
fs::path CopyOfSources(const std::string& name) {
  fs::path copy = fs::path(WriteTempFile(name + ".probe", "")).parent_path() / name;
  fs::remove_all(copy);
  fs::copy(fs::path(TRACEDB_SOURCE_DIR) / "src", copy, fs::copy_options::recursive);
  return copy;
}

// Appends `line` to `file` and returns the line number it got.
int Append(const fs::path& file, const std::string& line) {
  int lines = 0;
  {
    std::ifstream in(file);
    for (std::string text; std::getline(in, text);) ++lines;
  }
  std::ofstream(file, std::ios::app) << line << "\n";
  return lines + 1;
}

TEST(LayerCheck, TheProjectsTreePasses) {
  fs::path src = fs::path(TRACEDB_SOURCE_DIR) / "src";
  size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(src)) {
    std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".h" || ext == ".cc")) ++files;
  }
  CheckRun run = CheckLayers(src);
  EXPECT_EQ(run.exit_code, 0) << run.out;
  std::smatch match;
  ASSERT_TRUE(std::regex_match(
      run.out, match,
      std::regex("check-layers: ([0-9]+) files, [0-9]+ includes between them, none goes up\n")))
      << run.out;
  EXPECT_EQ(match[1].str(), std::to_string(files));
}

TEST(LayerCheck, AnUpwardIncludeFailsNamingFileAndLine) {
  fs::path src = CopyOfSources("upward");
  int line = Append(src / "model/number.h", "#include \"cli/command_list.h\"");
  CheckRun run = CheckLayers(src);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "model/number.h:" + std::to_string(line) +
                         ": \"cli/command_list.h\" goes up from model to cli\n"
                         "1 include(s) break the layers\n");
}

TEST(LayerCheck, FoldersOfOneFloorMustNotKnowEachOther) {
  fs::path src = CopyOfSources("sideways");
  int paje = Append(src / "format/paraver/header.h", "#include \"format/paje/paje_format.h\"");
  int pg = Append(src / "db/sqlite/sqlite_archive.cc", "#  include \"db/postgres/pg_load.h\"");
  CheckRun run = CheckLayers(src);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "db/sqlite/sqlite_archive.cc:" + std::to_string(pg) +
                         ": \"db/postgres/pg_load.h\" joins db/sqlite and db/postgres, which "
                         "share a floor and must not know each other\n"
                         "format/paraver/header.h:" +
                         std::to_string(paje) +
                         ": \"format/paje/paje_format.h\" joins format/paraver and format/paje, "
                         "which share a floor and must not know each other\n"
                         "2 include(s) break the layers\n");
}

TEST(LayerCheck, AFolderWithoutAFloorFails) {
  fs::path src = CopyOfSources("unplaced");
  fs::create_directories(src / "viewer");
  std::ofstream(src / "viewer/gantt.h") << "#pragma once\n#include \"model/entity.h\"\n";
  CheckRun run = CheckLayers(src);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out,
            "viewer/gantt.h:2: folder viewer has no floor in scripts/check-layers\n"
            "1 include(s) break the layers\n");
}

// A subfolder without a floor of its own (db/sqlite/staged/) is part of its
// folder: it and its folder know each other, and it goes down only.
TEST(LayerCheck, ASubfolderIsOnItsFoldersFloor) {
  fs::path src = CopyOfSources("subfolder");
  Append(src / "db/sqlite/sqlite_connection.h", "#include \"db/sqlite/staged/row_block.h\"");
  int up = Append(src / "db/sqlite/staged/row_block.h", "#include \"cli/command_list.h\"");
  int side = Append(src / "db/sqlite/staged/run_merger.h", "#include \"db/postgres/pg_load.h\"");
  CheckRun run = CheckLayers(src);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "db/sqlite/staged/row_block.h:" + std::to_string(up) +
                         ": \"cli/command_list.h\" goes up from db/sqlite to cli\n"
                         "db/sqlite/staged/run_merger.h:" +
                         std::to_string(side) +
                         ": \"db/postgres/pg_load.h\" joins db/sqlite and db/postgres, which "
                         "share a floor and must not know each other\n"
                         "2 include(s) break the layers\n");
}

TEST(LayerCheck, IncludesDownAndSystemHeadersPass) {
  fs::path src = CopyOfSources("downward");
  Append(src / "cli/cli.h", "#include \"model/number.h\"");
  Append(src / "cli/cli.h", "#include \"zlib.h\"");
  Append(src / "model/number.h", "#include <vector>");
  CheckRun run = CheckLayers(src);
  EXPECT_EQ(run.exit_code, 0) << run.out;
}

}  // namespace
}  // namespace tracedb::testing::layer_check_test
