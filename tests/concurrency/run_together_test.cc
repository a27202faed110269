// RunTogether: every part runs once, part 0 on the calling thread and the
// others on threads of their own, and the lowest-numbered part's error is
// the one rethrown, after every part has finished.
#include "concurrency/run_together.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

namespace tracedb::run_together_test {
namespace {

TEST(RunTogether, RunsEveryPartOncePartZeroOnTheCallersThread) {
  std::mutex mutex;
  std::multiset<int> parts;
  std::set<std::thread::id> threads;
  std::thread::id zero;
  RunTogether(4, [&](int part) {
    std::lock_guard lock(mutex);
    parts.insert(part);
    threads.insert(std::this_thread::get_id());
    if (part == 0) zero = std::this_thread::get_id();
  });
  EXPECT_EQ(parts, (std::multiset<int>{0, 1, 2, 3}));
  EXPECT_EQ(threads.size(), 4u);
  EXPECT_EQ(zero, std::this_thread::get_id());
}

TEST(RunTogether, RethrowsTheFirstPartsErrorAfterEveryPartHasRun) {
  std::atomic<int> finished = 0;
  try {
    RunTogether(4, [&](int part) {
      ++finished;
      if (part == 3) throw std::runtime_error("part 3 failed");
      if (part == 1) throw std::runtime_error("part 1 failed");
    });
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "part 1 failed");
  }
  EXPECT_EQ(finished.load(), 4);
}

TEST(RunTogether, NoPartsRunsNothing) {
  int runs = 0;
  RunTogether(0, [&](int) { ++runs; });
  EXPECT_EQ(runs, 0);
}

}  // namespace
}  // namespace tracedb::run_together_test
