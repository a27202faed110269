// WriteWholeFile: what stands at the path beforehand, and what stays.
#include "results/whole_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <future>

#include "support/test_support.h"

namespace tracedb::testing::whole_file_test {
namespace {

namespace fs = std::filesystem;

// A fresh folder of the test's own.
fs::path Folder(const std::string& name) {
  fs::path folder = fs::path(WriteTempFile(name + ".marker", "")).parent_path() / name;
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

// A symbolic link stays a link: the file it names (relative, through
// another link, or not there yet) gets the content.
TEST(WholeFile, WritesTheFileALinkNamesAndKeepsTheLink) {
  fs::path folder = Folder("whole_file_links");
  fs::create_directories(folder / "target");
  fs::create_symlink("target/chart.svg", folder / "relative.svg");
  fs::create_symlink(folder / "relative.svg", folder / "chain.svg");
  WriteWholeFile((folder / "chain.svg").string(), "<svg/>");
  EXPECT_TRUE(fs::is_symlink(folder / "chain.svg"));
  EXPECT_TRUE(fs::is_symlink(folder / "relative.svg"));
  EXPECT_EQ(ReadWholeFile((folder / "target/chart.svg").string()), "<svg/>");
  WriteWholeFile((folder / "relative.svg").string(), "<svg>2</svg>");
  EXPECT_EQ(ReadWholeFile((folder / "target/chart.svg").string()), "<svg>2</svg>");
  EXPECT_EQ(std::distance(fs::directory_iterator(folder / "target"), fs::directory_iterator()), 1);
}

// A named pipe and a device are written into, not replaced by a file.
TEST(WholeFile, WritesIntoAPipeOrADeviceAsItIs) {
  fs::path folder = Folder("whole_file_pipe");
  std::string pipe = (folder / "chart.svg").string();
  ASSERT_EQ(mkfifo(pipe.c_str(), 0600), 0);
  std::future<std::string> read =
      std::async(std::launch::async, [&] { return ReadWholeFile(pipe); });
  WriteWholeFile(pipe, "<svg/>");
  EXPECT_EQ(read.get(), "<svg/>");
  EXPECT_TRUE(fs::is_fifo(pipe));
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1);
  WriteWholeFile("/dev/null", "<svg/>");
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  EXPECT_THROW(
      {
        try {
          WriteWholeFile("/dev/full", "<svg/>");
        } catch (const FileError& e) {
          EXPECT_STREQ(e.what(), "/dev/full: No space left on device");
          throw;
        }
      },
      FileError);
  EXPECT_TRUE(fs::is_character_file("/dev/full"));
}

// An empty name and a loop of links are refused, and nothing is written.
TEST(WholeFile, RefusesAnEmptyNameAndALoopOfLinks) {
  fs::path folder = Folder("whole_file_loop");
  fs::create_symlink("b.svg", folder / "a.svg");
  fs::create_symlink("a.svg", folder / "b.svg");
  auto error = [](const std::string& path) {
    try {
      WriteWholeFile(path, "<svg/>");
    } catch (const FileError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(""), "an empty file name (name a file to write)");
  std::string loop = (folder / "a.svg").string();
  EXPECT_EQ(error(loop), loop + ": Too many levels of symbolic links");
  EXPECT_TRUE(fs::is_symlink(folder / "a.svg"));
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 2);
}

}  // namespace
}  // namespace tracedb::testing::whole_file_test
