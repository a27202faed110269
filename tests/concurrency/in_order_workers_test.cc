// InOrderWorkers: results reach the consumer in submission order whatever
// worker finishes first; the first error in that order stops everything.
#include "concurrency/in_order_workers.h"

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace tracedb::in_order_workers_test {
namespace {

using Workers = InOrderWorkers<int, int>;

// Later inputs often finish first: the even ones wait a little.
int SlowWhenEven(int&& i) {
  if (i % 2 == 0) std::this_thread::sleep_for(std::chrono::microseconds(50));
  return i * 10;
}

std::vector<int> Tens(int count) {
  std::vector<int> out;
  for (int i = 0; i < count; ++i) out.push_back(i * 10);
  return out;
}

TEST(InOrderWorkers, ResultsAreConsumedInSubmissionOrder) {
  for (int workers : {1, 3}) {
    std::vector<int> consumed;
    Workers stage(workers, SlowWhenEven, [&](int&& v) { consumed.push_back(v); });
    for (int i = 0; i < 500; ++i) stage.Submit(i);
    stage.Finish();
    EXPECT_EQ(consumed, Tens(500)) << workers;
  }
}

TEST(InOrderWorkers, TheFirstWorkErrorInOrderIsRethrownAfterWhatCameBefore) {
  std::vector<int> consumed;
  Workers stage(
      3,
      [](int&& i) {
        if (i == 300 || i == 200) throw std::runtime_error("bad " + std::to_string(i));
        return SlowWhenEven(std::move(i));
      },
      [&](int&& v) { consumed.push_back(v); });
  try {
    for (int i = 0; i < 1000; ++i) stage.Submit(i);
    stage.Finish();
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "bad 200");
  }
  EXPECT_EQ(consumed, Tens(200));
}

TEST(InOrderWorkers, AConsumerErrorStopsTheProducer) {
  int consumed = 0;
  Workers stage(2, SlowWhenEven, [&](int&&) {
    if (consumed == 10) throw std::runtime_error("cannot write the output: disk full");
    ++consumed;
  });
  int submitted = 0;
  try {
    for (; submitted < 1'000'000; ++submitted) stage.Submit(submitted);
    stage.Finish();
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "cannot write the output: disk full");
  }
  EXPECT_EQ(consumed, 10);
  EXPECT_LT(submitted, 1'000'000);
  // Finish, once more, says the same.
  EXPECT_THROW(stage.Finish(), std::runtime_error);
}

TEST(InOrderWorkers, DestroyedUnfinishedItStopsAndConsumesOnlyAPrefix) {
  std::vector<int> consumed;
  {
    Workers stage(2, SlowWhenEven, [&](int&& v) { consumed.push_back(v); });
    for (int i = 0; i < 50; ++i) stage.Submit(i);
  }  // no Finish: an error elsewhere unwinds the producer
  ASSERT_LE(consumed.size(), 50u);
  EXPECT_EQ(consumed, Tens(static_cast<int>(consumed.size())));
}

}  // namespace
}  // namespace tracedb::in_order_workers_test
