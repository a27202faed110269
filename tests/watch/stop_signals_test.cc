#include "watch/stop_signals.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <future>
#include <thread>

#include "support/watchdog.h"

namespace tracedb::watch::stop_signals_test {
namespace {

using std::chrono::milliseconds;

// Another thread's Wake ends a wait that has no timeout: a command's exit
// joins its signal watcher without waiting for a tick.
TEST(StopSignals, AWakeEndsAWaitWithoutATimeout) {
  StopSignals signals;  // made and unmade here: its destructor restores this thread's mask
  std::promise<int> result;
  std::future<int> waited = result.get_future();
  std::thread waiter([&] { result.set_value(signals.Wait(StopSignals::kForever)); });
  // Most likely in poll() by then: a wait under way is what a wake must end.
  std::this_thread::sleep_for(milliseconds(20));
  signals.Wake();
  std::future_status status = waited.wait_for(testing::kHangLimit);
  // A broken Wake leaves the waiter hung: a signal to it ends the wait.
  if (status != std::future_status::ready) pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  ASSERT_EQ(status, std::future_status::ready);
  EXPECT_EQ(waited.get(), 0);
}

// A wake that comes before the wait is not lost, and is taken once.
TEST(StopSignals, AWakeBeforeTheWaitEndsItAndOnlyIt) {
  StopSignals signals;
  signals.Wake();
  signals.Wake();
  EXPECT_EQ(signals.Wait(StopSignals::kForever), 0);
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(signals.Wait(milliseconds(30)), 0);
  EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(30));
}

// A pending SIGTERM is taken, once, and ends no process: it is blocked.
// (Sent to this thread only: the test binary's other threads may not block it.)
TEST(StopSignals, APendingSignalIsTakenOnce) {
  StopSignals signals;
  ASSERT_EQ(pthread_kill(pthread_self(), SIGTERM), 0);
  EXPECT_EQ(signals.Wait(milliseconds(0)), SIGTERM);
  EXPECT_EQ(signals.Wait(milliseconds(0)), 0);
}

// A signal that comes with a wake is reported, not dropped for the wake.
TEST(StopSignals, ASignalWithAWakeIsReported) {
  StopSignals signals;
  signals.Wake();
  ASSERT_EQ(pthread_kill(pthread_self(), SIGINT), 0);
  EXPECT_EQ(signals.Wait(StopSignals::kForever), SIGINT);
  EXPECT_EQ(signals.Wait(milliseconds(0)), 0);
}

// The mask is what it was once the StopSignals is gone.
TEST(StopSignals, TheOldMaskComesBack) {
  sigset_t before;
  pthread_sigmask(SIG_SETMASK, nullptr, &before);
  ASSERT_EQ(sigismember(&before, SIGTERM), 0);
  { StopSignals signals; }
  sigset_t after;
  pthread_sigmask(SIG_SETMASK, nullptr, &after);
  EXPECT_EQ(sigismember(&after, SIGTERM), 0);
  EXPECT_EQ(sigismember(&after, SIGINT), 0);
}

}  // namespace
}  // namespace tracedb::watch::stop_signals_test
