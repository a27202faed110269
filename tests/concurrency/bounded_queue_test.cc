// BoundedQueue: FIFO order, back-pressure, Close and Cancel, and many threads sharing one queue.
#include "concurrency/bounded_queue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <numeric>
#include <optional>
#include <thread>
#include <tuple>
#include <type_traits>
#include <vector>

#include "support/watchdog.h"

namespace tracedb::bounded_queue_test {
namespace {

using testing::Detached;
using testing::Ends;
using testing::kHangLimit;

using namespace std::chrono_literals;

// Time for a thread to reach the point where it blocks. A correct queue passes however slow
// the machine is; a broken one is caught when it lets the thread through within this time.
constexpr auto kBlockingPoint = 50ms;

template <typename T>
bool StillBlocked(std::future<T>& result) {
  return result.wait_for(kBlockingPoint) == std::future_status::timeout;
}

// Polls, since what is awaited (an atomic counter) has nothing to wait on.
template <typename Done>
bool WaitUntil(Done done) {
  auto deadline = std::chrono::steady_clock::now() + kHangLimit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

std::vector<int> Drain(BoundedQueue<int>& queue) {
  std::vector<int> items;
  while (auto item = queue.Pop()) items.push_back(*item);
  return items;
}

using Queue = std::shared_ptr<BoundedQueue<int>>;

// For calls from the test's own thread that must not block: when one does, the test fails (and
// goes on with `if_hung`) instead of hanging.
template <typename T, typename Call>
T Promptly(const char* what, T if_hung, Call call) {
  auto result = Detached(std::move(call));
  if (Ends(result)) return result.get();
  ADD_FAILURE() << what << " hung";
  return if_hung;
}

bool PushNow(Queue queue, int item) {
  return Promptly("Push", false, [queue, item] { return queue->Push(item); });
}

std::optional<int> PopNow(Queue queue) {
  return Promptly("Pop", std::optional<int>(), [queue] { return queue->Pop(); });
}

std::vector<int> DrainNow(Queue queue) {
  return Promptly("Drain", std::vector<int>(), [queue] { return Drain(*queue); });
}

TEST(BoundedQueue, ItemsComeOutInTheOrderTheyWentIn) {
  auto popped = Detached([] {
    BoundedQueue<int> queue(3);
    std::vector<int> out;
    int held = 0;
    // Pops whenever the queue is full, so that the items wrap around its storage.
    for (int item : {30, 10, 20, 60, 50, 40, 90, 70, 80}) {
      queue.Push(item);
      if (++held == 3) {
        out.push_back(queue.Pop().value_or(-1));
        --held;
      }
    }
    queue.Close();
    for (int item : Drain(queue)) out.push_back(item);
    return out;
  });
  ASSERT_TRUE(Ends(popped));
  EXPECT_EQ(popped.get(), (std::vector<int>{30, 10, 20, 60, 50, 40, 90, 70, 80}));
}

TEST(BoundedQueue, MoveOnlyItemsPassThrough) {
  auto popped = Detached([] {
    BoundedQueue<std::unique_ptr<int>> queue(2);
    queue.Push(std::make_unique<int>(7));
    queue.Push(std::make_unique<int>(8));
    std::vector<int> out;
    for (int i = 0; i < 2; ++i) out.push_back(*queue.Pop().value());
    return out;
  });
  ASSERT_TRUE(Ends(popped));
  EXPECT_EQ(popped.get(), (std::vector<int>{7, 8}));
}

TEST(BoundedQueue, AfterCloseTheConsumerDrainsWhatWasPushedAndThenGetsNothing) {
  auto popped = Detached([] {
    BoundedQueue<int> queue(4);
    for (int item : {3, 1, 2}) queue.Push(item);
    queue.Close();
    std::vector<std::optional<int>> out;
    for (int i = 0; i < 5; ++i) out.push_back(queue.Pop());
    return out;
  });
  ASSERT_TRUE(Ends(popped));
  EXPECT_EQ(popped.get(), (std::vector<std::optional<int>>{3, 1, 2, std::nullopt, std::nullopt}));
}

TEST(BoundedQueue, CloseWakesAConsumerWaitingOnAnEmptyQueue) {
  auto queue = std::make_shared<BoundedQueue<int>>(2);
  auto consumer = Detached([queue] { return queue->Pop(); });
  EXPECT_TRUE(StillBlocked(consumer));
  queue->Close();
  ASSERT_TRUE(Ends(consumer));
  EXPECT_EQ(consumer.get(), std::nullopt);
}

TEST(BoundedQueue, PushAfterCloseIsRefusedAndTheItemNotTaken) {
  auto outcome = Detached([] {
    BoundedQueue<int> queue(4);
    bool before = queue.Push(1);
    queue.Close();
    bool after = queue.Push(2);
    return std::tuple(before, after, Drain(queue));
  });
  ASSERT_TRUE(Ends(outcome));
  EXPECT_EQ(outcome.get(), std::tuple(true, false, std::vector<int>{1}));
}

TEST(BoundedQueue, CloseRefusesAProducerWaitingOnAFullQueue) {
  auto queue = std::make_shared<BoundedQueue<int>>(1);
  ASSERT_TRUE(PushNow(queue, 1));
  auto producer = Detached([queue] { return queue->Push(2); });
  EXPECT_TRUE(StillBlocked(producer));
  queue->Close();
  ASSERT_TRUE(Ends(producer));
  EXPECT_FALSE(producer.get());
  EXPECT_EQ(DrainNow(queue), std::vector<int>{1});
}

TEST(BoundedQueue, APopWaitsForAPush) {
  auto queue = std::make_shared<BoundedQueue<int>>(2);
  auto consumer = Detached([queue] { return queue->Pop(); });
  EXPECT_TRUE(StillBlocked(consumer));
  ASSERT_TRUE(PushNow(queue, 42));
  ASSERT_TRUE(Ends(consumer));
  EXPECT_EQ(consumer.get(), 42);
}

TEST(BoundedQueue, AFullQueueHoldsTheProducerUntilAPop) {
  auto queue = std::make_shared<BoundedQueue<int>>(3);
  auto pushed = std::make_shared<std::atomic<int>>(0);
  auto producer = Detached([queue, pushed] {
    for (int item = 1; item <= 4; ++item) {
      if (!queue->Push(item)) return false;
      ++*pushed;
    }
    return true;
  });
  ASSERT_TRUE(WaitUntil([&] { return *pushed >= 3; }));
  EXPECT_TRUE(StillBlocked(producer));
  EXPECT_EQ(*pushed, 3);
  EXPECT_EQ(PopNow(queue), 1);
  ASSERT_TRUE(Ends(producer));
  EXPECT_TRUE(producer.get());
  EXPECT_EQ(*pushed, 4);
  queue->Close();
  EXPECT_EQ(DrainNow(queue), (std::vector<int>{2, 3, 4}));
}

TEST(BoundedQueue, CancelWakesAProducerWaitingOnAFullQueueAndDropsTheItems) {
  auto queue = std::make_shared<BoundedQueue<int>>(1);
  ASSERT_TRUE(PushNow(queue, 1));
  auto producer = Detached([queue] { return queue->Push(2); });
  EXPECT_TRUE(StillBlocked(producer));
  queue->Cancel();
  ASSERT_TRUE(Ends(producer));
  EXPECT_FALSE(producer.get());
  EXPECT_EQ(PopNow(queue), std::nullopt);
}

TEST(BoundedQueue, CancelWakesAConsumerWaitingOnAnEmptyQueue) {
  auto queue = std::make_shared<BoundedQueue<int>>(2);
  auto consumer = Detached([queue] { return queue->Pop(); });
  EXPECT_TRUE(StillBlocked(consumer));
  queue->Cancel();
  ASSERT_TRUE(Ends(consumer));
  EXPECT_EQ(consumer.get(), std::nullopt);
}

TEST(BoundedQueue, CancelDropsQueuedItemsAndRefusesNewOnes) {
  auto outcome = Detached([] {
    BoundedQueue<int> queue(4);
    for (int item : {1, 2, 3}) queue.Push(item);
    queue.Cancel();
    bool pushed = queue.Push(4);
    return std::tuple(pushed, Drain(queue));
  });
  ASSERT_TRUE(Ends(outcome));
  EXPECT_EQ(outcome.get(), std::tuple(false, std::vector<int>{}));
}

constexpr int kProducers = 4;
constexpr int kConsumers = 3;
constexpr int kItemsEach = 5000;

// Producer p pushes p * kItemsEach + 0, 1, 2...: so an item tells who pushed it, and when.
std::future<bool> StartProducer(Queue queue, int p) {
  return Detached([queue, p] {
    for (int i = 0; i < kItemsEach; ++i) {
      if (!queue->Push(p * kItemsEach + i)) return false;
    }
    return true;
  });
}

// Whether each producer's items came in the order pushed, as FIFO implies for any one consumer.
bool InEachProducersOrder(const std::vector<int>& items) {
  std::vector<int> last(kProducers, -1);
  for (int item : items) {
    int& seen = last[item / kItemsEach];
    if (item <= seen) return false;
    seen = item;
  }
  return true;
}

TEST(BoundedQueue, ManyProducersAndConsumersLoseAndDuplicateNothing) {
  auto queue = std::make_shared<BoundedQueue<int>>(4);
  std::vector<std::future<std::vector<int>>> consumers;
  for (int c = 0; c < kConsumers; ++c)
    consumers.push_back(Detached([queue] { return Drain(*queue); }));
  std::vector<std::future<bool>> producers;
  for (int p = 0; p < kProducers; ++p) producers.push_back(StartProducer(queue, p));
  for (auto& producer : producers) {
    ASSERT_TRUE(Ends(producer));
    EXPECT_TRUE(producer.get());
  }
  queue->Close();
  std::vector<int> all;
  for (auto& consumer : consumers) {
    ASSERT_TRUE(Ends(consumer));
    std::vector<int> items = consumer.get();
    EXPECT_TRUE(InEachProducersOrder(items));
    all.insert(all.end(), items.begin(), items.end());
  }
  std::sort(all.begin(), all.end());
  std::vector<int> expected(kProducers * kItemsEach);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(all, expected);
}

}  // namespace
}  // namespace tracedb::bounded_queue_test
