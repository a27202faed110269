// IngestTrace without a database: the blocks it reads a trace in, seen
// through its progress calls (one after each block, with the bytes done).
#include "pipeline/ingest_pipeline.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "pipeline/formats.h"

namespace tracedb::testing::ingest_pipeline_test {
namespace {

// Counts the states it is given.
class CountingWriter : public RowWriter {
 public:
  void Write(const RowBatch& batch) override { states += batch.states.size(); }
  size_t states = 0;
};

constexpr size_t kLine = 32;  // bytes of each state line of Trace()

// One container and `states` states, every body line after the header
// kLine bytes long.
std::string Trace(int states) {
  std::string text =
      "%EventDef PajeDefineContainerType 0\n% Alias string\n% Type string\n% Name string\n"
      "%EndEventDef\n"
      "%EventDef PajeDefineStateType 1\n% Alias string\n% Type string\n% Name string\n"
      "%EndEventDef\n"
      "%EventDef PajeCreateContainer 2\n% Time date\n% Alias string\n% Type string\n"
      "% Container string\n% Name string\n%EndEventDef\n"
      "%EventDef PajeSetState 3\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n%EndEventDef\n"
      "0 P 0 P\n1 S P S\n2 0.0 p P 0 p\n";
  for (int i = 0; i < states; ++i) {
    char line[64];
    int n = std::snprintf(line, sizeof line, "3 %09d.000000 S p v%07d\n", i, i % 1000);
    text.append(line, static_cast<size_t>(n));
  }
  return text;
}

struct Reading {
  std::vector<uint64_t> sizes;  // of the blocks, in order
  size_t states = 0;
};

// Ingests `text` with `block_size` (0: IngestOptions' own) and a parser worker.
Reading Ingest(const std::string& text, size_t block_size) {
  InputFile input("trace.paje", text);
  CountingWriter writer;
  IngestOptions options;
  options.read.parse_workers = 1;
  if (block_size > 0) options.read.blocks.block_size = block_size;
  Reading reading;
  uint64_t done = 0;
  IngestCallbacks callbacks{.progress = [&](const LoadProgress& progress) {
    reading.sizes.push_back(progress.bytes - done);
    done = progress.bytes;
  }};
  IngestTrace(input, *FindFormat("paje"), {}, writer, options, callbacks);
  reading.states = writer.states;
  return reading;
}

TEST(IngestPipeline, ReadsInBlocksOf128KiBNotDumpsMebibyte) {
  std::string text = Trace(40'000);  // 1.2 MiB
  Reading reading = Ingest(text, 0);
  EXPECT_EQ(reading.states, 40'000u);
  // 64 KiB first (the header), then 128 KiB, each cut after its last whole line.
  ASSERT_EQ(reading.sizes.size(), 11u);
  EXPECT_GT(reading.sizes[0], (64u << 10) - kLine);
  EXPECT_LE(reading.sizes[0], 64u << 10);
  for (size_t i = 1; i + 1 < reading.sizes.size(); ++i) {
    EXPECT_GT(reading.sizes[i], (128u << 10) - kLine) << "block " << i;
    EXPECT_LT(reading.sizes[i], (128u << 10) + kLine) << "block " << i;
  }
  uint64_t total = 0;
  for (uint64_t size : reading.sizes) total += size;
  EXPECT_EQ(total, text.size());
}

TEST(IngestPipeline, KeepsASmallerBlockSizeItIsGiven) {
  std::string text = Trace(4'000);  // 125 KiB
  Reading reading = Ingest(text, 16 << 10);
  EXPECT_EQ(reading.states, 4'000u);
  ASSERT_EQ(reading.sizes.size(), 8u);
  for (size_t i = 0; i + 1 < reading.sizes.size(); ++i) {
    EXPECT_GT(reading.sizes[i], (16u << 10) - kLine) << "block " << i;
    EXPECT_LT(reading.sizes[i], (16u << 10) + kLine) << "block " << i;
  }
}

}  // namespace
}  // namespace tracedb::testing::ingest_pipeline_test
