// Watchdog helpers for tests of blocking code (queues, pipelines): a call
// that may hang runs on a detached thread, and the test waits for it with
// a limit, so that a broken implementation fails the test instead of
// hanging the suite.
//
// Threading: Detached starts one thread per call; the task must own what
// it uses, since a hung one outlives the test.
#pragma once

#include <chrono>
#include <future>
#include <thread>
#include <type_traits>
#include <utility>

namespace tracedb::testing {

// Only a hang should ever reach it, even under TSan on a busy machine.
inline constexpr std::chrono::seconds kHangLimit{60};

// Like std::async, but on a detached thread: when the task hangs, the test
// fails at wait_for instead of blocking for ever in the future's destructor.
template <typename Task>
auto Detached(Task task) {
  std::packaged_task<std::invoke_result_t<Task>()> packaged(std::move(task));
  auto result = packaged.get_future();
  std::thread(std::move(packaged)).detach();
  return result;
}

// Whether `result` came within kHangLimit.
template <typename T>
bool Ends(std::future<T>& result) {
  return result.wait_for(kHangLimit) == std::future_status::ready;
}

}  // namespace tracedb::testing
