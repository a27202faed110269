// ParseInParallel: file order, errors from each stage, its threads, and how far parsing runs ahead.
#include "concurrency/parallel_parse.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "input/block_reader.h"
#include "input/input_file.h"
#include "model/input_error.h"
#include "support/test_support.h"
#include "support/watchdog.h"

namespace tracedb::parallel_parse_test {
namespace {

using testing::Detached;
using testing::Ends;
using testing::kHangLimit;

using namespace std::chrono_literals;

// For a stage waiting on another: shorter than kHangLimit, so that it shows as a failed
// expectation rather than as a hang.
constexpr auto kStageLimit = 10s;
// Time for a pipeline that runs too far ahead to show it. A correct one passes however slow the
// machine is.
constexpr auto kBlockingPoint = 50ms;
// Small blocks, so that a few kilobytes make dozens of them.
constexpr BlockReaderOptions kSmallBlocks{.block_size = 64, .first_block_size = 8};
constexpr int kWorkerCounts[] = {0, 1, 2, 4};

// Thrown on purpose by a stage, to be told apart from any other error.
class StageError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What a finished run threw, tagged with the type caught.
std::string ErrorOf(std::future<void>& run) {
  // Shared and kept to the end: std::future::get lets go of the result before a handler below
  // reads the exception, and when the run's thread lets go last, it frees the exception through
  // a count TSan cannot see (libstdc++'s own), which TSan reported as a race.
  std::shared_future<void> result = run.share();
  try {
    result.get();
  } catch (const StageError& e) {
    return std::string("StageError: ") + e.what();
  } catch (const InputError& e) {
    return std::string("InputError: ") + e.what();
  }
  return "no error";
}

// A new file holding `content`, in a folder of this test process; never one in use by an
// earlier test's run, however that ended.
std::string WriteFile(const std::string& name, std::string_view content) {
  static int serial = 0;
  return testing::WriteTempFile("parallel-parse-" + std::to_string(++serial) + "-" + name, content);
}

// `text` gzipped and cut to half its size: reading it fails part way. zlib finds the cut only
// when it runs out of input while filling its output buffer (2 MiB with InputFile's 1 MiB
// buffer): so for blocks to come before the error, `text` must be several MiB.
std::string WriteCutGzip(const std::string& text) {
  std::string path = WriteFile("cut.gz", "");
  gzFile gz = gzopen(path.c_str(), "wb1");
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  return path;
}

std::string NumberedLines(int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += "line " + std::to_string(i) + "\n";
  return text;
}

std::vector<int> FirstBlocks(int count) {
  std::vector<int> indexes(count);
  std::iota(indexes.begin(), indexes.end(), 0);
  return indexes;
}

// A file, and the blocks a BlockReader alone cuts it into: what the pipeline must deliver.
struct Trace {
  std::string path;
  std::string text;
  std::vector<std::string> blocks;             // up to the read error, if any
  std::string read_error;                      // what() of the InputError that ended the reading
  std::unordered_map<std::string, int> index;  // of each block in `blocks`, which all differ
  BlockReaderOptions options;

  // Only once no run uses it: each run holds the Trace.
  ~Trace() { std::filesystem::remove(path); }
};

std::shared_ptr<const Trace> MakeTrace(std::string path, std::string text,
                                       BlockReaderOptions options = kSmallBlocks) {
  auto trace = std::make_shared<Trace>();
  trace->path = std::move(path);
  trace->text = std::move(text);
  trace->options = options;
  InputFile file(trace->path);
  BlockReader reader(&file, options);
  try {
    while (auto block = reader.Next()) {
      trace->index[*block] = static_cast<int>(trace->blocks.size());
      trace->blocks.push_back(*block);
    }
  } catch (const InputError& e) {
    trace->read_error = e.what();
  }
  return trace;
}

std::shared_ptr<const Trace> PlainTrace(const std::string& text) {
  return MakeTrace(WriteFile("lines.txt", text), text);
}

struct Parsed {
  int index;
  std::shared_ptr<const std::string> text;
};

// What the stages saw. Shared with the threads that run them, so that a hung run left behind
// by its test still has it.
struct Record {
  std::mutex mutex;
  std::condition_variable changed;
  std::thread::id caller;
  std::set<std::thread::id> parse_threads;
  std::set<std::thread::id> deliver_threads;
  int started = 0;          // parse calls
  std::vector<int> parsed;  // blocks whose parse returned or threw, in the order it did
  int peak_ahead = 0;       // most blocks whose parse had started and whose deliver not returned
  std::vector<int> delivered;
  std::string joined;  // the delivered blocks, end to end

  void ParseStarted() {
    std::lock_guard lock(mutex);
    parse_threads.insert(std::this_thread::get_id());
    ++started;
    peak_ahead = std::max(peak_ahead, started - static_cast<int>(delivered.size()));
    changed.notify_all();
  }

  void ParseEnded(int index) {
    std::lock_guard lock(mutex);
    parsed.push_back(index);
    changed.notify_all();
  }

  void Delivered(const Parsed& block) {
    std::lock_guard lock(mutex);
    deliver_threads.insert(std::this_thread::get_id());
    delivered.push_back(block.index);
    joined += *block.text;
    changed.notify_all();
  }

  // Whether `done` (called under the lock) came true within `limit`.
  template <typename Done>
  bool WaitFor(Done done, std::chrono::milliseconds limit) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, limit, done);
  }

  bool HasParsed(int index) const { return std::ranges::count(parsed, index) > 0; }
};

constexpr auto kNothing = [](int) {};

// ParseInParallel over `trace` on a thread of its own, so that a hang fails the test instead of
// stopping it. The hooks get a block's index, before its parse returns and before its deliver
// returns, to slow a stage down or make it fail.
template <typename BeforeParse, typename BeforeDeliver>
std::future<void> StartRun(std::shared_ptr<const Trace> trace, std::shared_ptr<Record> record,
                           int workers, BeforeParse before_parse, BeforeDeliver before_deliver) {
  return Detached([=] {
    record->caller = std::this_thread::get_id();  // before any other thread of the run starts
    InputFile file(trace->path);
    BlockReader reader(&file, trace->options);
    auto parse = [=](std::shared_ptr<const std::string> text) {
      int index = trace->index.at(*text);
      record->ParseStarted();
      try {
        before_parse(index);
      } catch (...) {
        record->ParseEnded(index);
        throw;
      }
      record->ParseEnded(index);
      return Parsed{index, std::move(text)};
    };
    auto deliver = [=](Parsed block) {
      before_deliver(block.index);
      record->Delivered(block);
    };
    ParseInParallel(reader, workers, parse, deliver);
  });
}

// A hook that throws on the blocks in `failing`.
auto FailOn(std::set<int> failing, std::string stage) {
  return [=](int index) {
    if (failing.count(index) > 0) {
      throw StageError(stage + " failed on block " + std::to_string(index));
    }
  };
}

// The most blocks ParseInParallel has parse start on before deliver returns: its queue between
// reader and caller holds 2 * workers + 2, and the caller holds one more, in deliver.
int MostAhead(int workers) { return 2 * workers + 3; }

// Whether the reader and the workers have run as far ahead of deliver as they may (or further:
// that shows in Record::peak_ahead). Only for workers > 0, and with a parse that does not wait.
bool RanAhead(const Record& record, int workers, int blocks) {
  int delivered = static_cast<int>(record.delivered.size());
  return record.started >= std::min(blocks, delivered + MostAhead(workers));
}

TEST(ParseInParallel, BlocksArriveInFileOrderWhateverTheParseTimes) {
  auto trace = PlainTrace(NumberedLines(600));
  int blocks = static_cast<int>(trace->blocks.size());
  ASSERT_GT(blocks, 40);
  for (int workers : kWorkerCounts) {
    auto record = std::make_shared<Record>();
    auto early_blocks_slow = [record, workers](int index) {
      std::this_thread::sleep_for(std::max(0, 8 - index) * 1ms);
      // With two workers or more the first block is sure to be overtaken.
      if (index == 0 && workers >= 2) {
        record->WaitFor([&] { return !record->parsed.empty(); }, kStageLimit);
      }
    };
    auto run = StartRun(trace, record, workers, early_blocks_slow, kNothing);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "no error") << workers << " workers";
    EXPECT_EQ(record->delivered, FirstBlocks(blocks)) << workers << " workers";
    if (workers >= 2) {
      EXPECT_NE(record->parsed.front(), 0) << workers << " workers";
    }
  }
}

TEST(ParseInParallel, TheDeliveredBlocksJoinUpIntoTheFile) {
  std::string text = NumberedLines(100) + "\n\n" + std::string(300, 'x') + "\n" +
                     NumberedLines(50) + "a last line with no line end";
  auto trace = PlainTrace(text);
  ASSERT_EQ(trace->index.size(), trace->blocks.size());
  ASSERT_GT(trace->blocks.size(), 20u);
  for (int workers : kWorkerCounts) {
    auto record = std::make_shared<Record>();
    auto run = StartRun(trace, record, workers, kNothing, kNothing);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "no error") << workers << " workers";
    EXPECT_EQ(record->joined, text) << workers << " workers";
  }
}

TEST(ParseInParallel, AnEmptyFileDeliversNothing) {
  auto trace = PlainTrace("");
  for (int workers : kWorkerCounts) {
    auto record = std::make_shared<Record>();
    auto run = StartRun(trace, record, workers, kNothing, kNothing);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "no error") << workers << " workers";
    EXPECT_EQ(record->started, 0) << workers << " workers";
    EXPECT_EQ(record->delivered, std::vector<int>{}) << workers << " workers";
  }
}

TEST(ParseInParallel, AParseErrorIsRethrownAfterTheBlocksBeforeItAreDelivered) {
  auto trace = PlainTrace(NumberedLines(600));
  for (int workers : kWorkerCounts) {
    auto record = std::make_shared<Record>();
    auto run = StartRun(trace, record, workers, FailOn({7}, "parse"), kNothing);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "StageError: parse failed on block 7") << workers << " workers";
    EXPECT_EQ(record->delivered, FirstBlocks(7)) << workers << " workers";
  }
}

TEST(ParseInParallel, OfTwoParseErrorsTheFirstInFileOrderWinsNotTheFirstInTime) {
  auto trace = PlainTrace(NumberedLines(600));
  for (int workers : kWorkerCounts) {
    auto record = std::make_shared<Record>();
    auto fail = FailOn({4, 9}, "parse");
    auto later_fails_first = [record, workers, fail](int index) {
      // With two workers or more, block 9 is parsed while block 4 waits.
      if (index == 4 && workers >= 2) {
        record->WaitFor([&] { return record->HasParsed(9); }, kStageLimit);
      }
      fail(index);
    };
    auto run = StartRun(trace, record, workers, later_fails_first, kNothing);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "StageError: parse failed on block 4") << workers << " workers";
    EXPECT_EQ(record->delivered, FirstBlocks(4)) << workers << " workers";
    if (workers >= 2) {
      EXPECT_TRUE(record->HasParsed(9)) << workers << " workers";
    }
  }
}

TEST(ParseInParallel, ADeliverErrorStopsEveryStageAndIsRethrown) {
  auto trace = PlainTrace(NumberedLines(600));
  int blocks = static_cast<int>(trace->blocks.size());
  for (int workers : kWorkerCounts) {
    auto record = std::make_shared<Record>();
    auto fail = FailOn({3}, "deliver");
    auto fail_when_full = [record, workers, blocks, fail](int index) {
      // So that the reader and the workers are all waiting on a queue when it fails.
      if (index == 3 && workers > 0) {
        record->WaitFor([&] { return RanAhead(*record, workers, blocks); }, kStageLimit);
      }
      fail(index);
    };
    auto run = StartRun(trace, record, workers, kNothing, fail_when_full);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "StageError: deliver failed on block 3") << workers << " workers";
    EXPECT_EQ(record->delivered, FirstBlocks(3)) << workers << " workers";
    // Every parse call has returned, and the rest of the file was never parsed.
    EXPECT_EQ(record->started, static_cast<int>(record->parsed.size())) << workers << " workers";
    EXPECT_LE(record->started, 3 + MostAhead(workers)) << workers << " workers";
  }
}

TEST(ParseInParallel, AReadErrorIsRethrownAfterTheBlocksReadBeforeItAreDelivered) {
  std::string text = NumberedLines(500000);
  auto trace =
      MakeTrace(WriteCutGzip(text), text, {.block_size = 64 << 10, .first_block_size = 4 << 10});
  ASSERT_EQ(trace->read_error,
            trace->path + ": truncated gzip file (it ends in the middle of the compressed data)");
  ASSERT_GT(trace->blocks.size(), 10u);
  for (int workers : kWorkerCounts) {
    auto record = std::make_shared<Record>();
    auto run = StartRun(trace, record, workers, kNothing, kNothing);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "InputError: " + trace->read_error) << workers << " workers";
    EXPECT_EQ(record->delivered, FirstBlocks(static_cast<int>(trace->blocks.size())))
        << workers << " workers";
  }
}

TEST(ParseInParallel, WorkersParseOffTheCallersThreadAndTheCallerDelivers) {
  auto trace = PlainTrace(NumberedLines(600));
  for (int workers : kWorkerCounts) {
    auto record = std::make_shared<Record>();
    auto run = StartRun(trace, record, workers, kNothing, kNothing);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "no error") << workers << " workers";
    EXPECT_EQ(record->deliver_threads, std::set{record->caller}) << workers << " workers";
    if (workers == 0) {
      EXPECT_EQ(record->parse_threads, std::set{record->caller});
    } else {
      EXPECT_EQ(record->parse_threads.count(record->caller), 0u) << workers << " workers";
      EXPECT_LE(record->parse_threads.size(), static_cast<size_t>(workers))
          << workers << " workers";
    }
  }
}

// The header says "at most 2 * workers + 2 blocks are in flight": that is the queue between
// reader and caller; counting the block the caller holds in deliver, parsing runs one further.
TEST(ParseInParallel, ParsingRunsAtMostTwiceTheWorkersPlusThreeBlocksAheadOfASlowDeliver) {
  auto trace = PlainTrace(NumberedLines(600));
  int blocks = static_cast<int>(trace->blocks.size());
  ASSERT_GT(blocks, MostAhead(4) + 2);
  for (int workers : {1, 2, 4}) {
    auto record = std::make_shared<Record>();
    // Slow as it may be: each deliver waits until parsing has run as far ahead as it can.
    auto slow_deliver = [record, workers, blocks](int index) {
      if (!record->WaitFor([&] { return RanAhead(*record, workers, blocks); }, kStageLimit)) {
        throw StageError("parsing never ran ahead as far as it may");
      }
      // A moment more, in which one running further ahead would show.
      if (index == 0) {
        record->WaitFor([&] { return record->started > MostAhead(workers); }, kBlockingPoint);
      }
    };
    auto run = StartRun(trace, record, workers, kNothing, slow_deliver);
    ASSERT_TRUE(Ends(run)) << workers << " workers";
    EXPECT_EQ(ErrorOf(run), "no error") << workers << " workers";
    EXPECT_EQ(record->peak_ahead, MostAhead(workers)) << workers << " workers";
    EXPECT_EQ(record->delivered, FirstBlocks(blocks)) << workers << " workers";
  }
}

}  // namespace
}  // namespace tracedb::parallel_parse_test
