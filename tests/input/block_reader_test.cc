// Blocks of whole lines, whatever the block size, from plain or gzip input.
#include "input/block_reader.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>

#include "format/paje/paje_format.h"
#include "model/input_error.h"
#include "support/test_support.h"

namespace tracedb::testing::block_reader_test {
namespace {

std::vector<std::string> ReadBlocks(const std::string& path, size_t block_size) {
  InputFile file(path);
  BlockReader reader(&file, {.block_size = block_size});
  std::vector<std::string> blocks;
  while (auto block = reader.Next()) blocks.push_back(*block);
  return blocks;
}

std::string WriteGzip(const std::string& name, const std::string& content) {
  std::string path = WriteTempFile(name, "");
  gzFile gz = gzopen(path.c_str(), "wb");
  gzwrite(gz, content.data(), static_cast<unsigned>(content.size()));
  gzclose(gz);
  return path;
}

TEST(BlockReader, BlocksEndAtLineEndsAndKeepEveryByte) {
  std::string text = "aa\nbbbb\ncc\nd\n\neeeeeeeeeeeeeeee\nlast without newline";
  for (size_t size : {1, 2, 3, 5, 8, 64, 4096}) {
    auto blocks = ReadBlocks(WriteTempFile("lines.txt", text), size);
    std::string joined;
    for (size_t i = 0; i < blocks.size(); ++i) {
      joined += blocks[i];
      if (i + 1 < blocks.size()) {
        EXPECT_EQ(blocks[i].back(), '\n') << "block size " << size;
      }
    }
    EXPECT_EQ(joined, text) << "block size " << size;
  }
}

TEST(BlockReader, ALineLongerThanABlockStaysWhole) {
  std::string long_line(100000, 'x');
  auto blocks = ReadBlocks(WriteTempFile("long.txt", "a\n" + long_line + "\nb\n"), 1024);
  int holding = 0;
  for (const auto& block : blocks) holding += block.find(long_line + "\n") != std::string::npos;
  EXPECT_EQ(holding, 1);
}

TEST(BlockReader, GzipIsDetectedByContentNotName) {
  std::string text = "hello\nworld\n";
  auto blocks = ReadBlocks(WriteGzip("compressed.trace", text), 4096);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0], text);
}

TEST(BlockReader, AGzipFileCutShortIsAnError) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "line " + std::to_string(i * 7919) + "\n";
  std::string whole = WriteGzip("whole.gz", text);
  std::FILE* f = std::fopen(whole.c_str(), "rb");
  std::string bytes(1 << 20, '\0');
  bytes.resize(std::fread(bytes.data(), 1, bytes.size(), f));
  std::fclose(f);
  std::string cut = WriteTempFile("cut.gz", bytes.substr(0, bytes.size() / 2));
  EXPECT_THROW(ReadBlocks(cut, 4096), InputError);
}

TEST(BlockReader, BytesInMemoryReadAsTheyAreUnderTheirName) {
  std::string text = "aa\nbbbb\ncc\nlast without newline";
  InputFile file("memory.txt", text);
  BlockReader reader(&file, {.block_size = 3, .first_block_size = 3});
  std::string joined;
  while (auto block = reader.Next()) joined += *block;
  EXPECT_EQ(joined, text);
  EXPECT_EQ(file.path(), "memory.txt");
  EXPECT_FALSE(file.compressed());
}

// DumpTrace of an in-memory InputFile, as the fuzzers run it: its sorted
// lines, or its error.
DumpOutcome DumpFromMemory(const std::string& name, const std::string& trace) {
  InputFile file(name, trace);
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  DumpOutcome outcome;
  try {
    DumpTrace(file, paje::kPajeFormat, {}, {}, {}, out);
    outcome.ok = true;
  } catch (const InputError& e) {
    outcome.error = e.what();
  }
  std::fclose(out);
  outcome.lines = SortedLines(std::string(buffer, size));
  std::free(buffer);
  return outcome;
}

TEST(BlockReader, AnInMemoryTraceDumpsLikeItsFile) {
  std::string trace = Header() + "12 1 E t1 a\n13 2 V t2 4.5\n";
  auto out = DumpFromMemory("memory.paje", trace);
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, DumpRaw(trace).lines);
}

TEST(BlockReader, AnInMemoryTraceNamesItselfInErrors) {
  auto out = DumpFromMemory("memory.paje", Header() + "12 1 E nosuch a\n");
  EXPECT_EQ(out.error,
            "memory.paje:" + std::to_string(BodyLine(1)) + ": unknown container 'nosuch'");
}

TEST(BlockReader, MissingFilesAndDirectoriesAreErrors) {
  try {
    InputFile file("/nonexistent/trace.paje");
    FAIL() << "opened a missing file";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/trace.paje: cannot open: No such file or directory");
  }
  try {
    InputFile file("/tmp");
    FAIL() << "opened a directory";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "/tmp: is a directory, not a trace file");
  }
}

TEST(BlockReader, LineNumbersAreRightAcrossSmallBlocks) {
  std::string body;
  for (int i = 0; i < 50; ++i) body += "12 " + std::to_string(i) + " E t1 x\n";
  body += "12 60 E nosuch x\n";
  for (int workers : {0, 1, 3}) {
    for (size_t size : {7, 64, 1000}) {
      auto out = Dump(body, {.read = {.blocks = {.block_size = size}, .parse_workers = workers}});
      EXPECT_EQ(out.error, ErrorAt(BodyLine(51), "unknown container 'nosuch'")) << size;
    }
  }
}

TEST(BlockReader, DefinitionsInsideSmallBlocksApplyFromTheirLineOn) {
  std::string body =
      "%EventDef PajeNewEvent 99\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n%EndEventDef\n99 1 E t1 a\n99 2 E t1 b\n";
  for (int workers : {0, 1, 3}) {
    for (size_t size : {5, 40, 4096}) {
      auto out = Dump(body, {.read = {.blocks = {.block_size = size}, .parse_workers = workers}});
      ASSERT_TRUE(out.ok) << out.error;
      EXPECT_EQ(out.lines,
                Expect({WorldContainers("2"),
                        {"Event, thread1, Ev, 1.000000, a", "Event, thread1, Ev, 2.000000, b"}}));
    }
  }
}

}  // namespace
}  // namespace tracedb::testing::block_reader_test
