// InOrderWorkers: a pipeline stage that runs `work` on `workers` threads
// and hands its results to `consume`, on a thread of its own, in the order
// their inputs were submitted: ParseInParallel's shape, for the back of a
// pipeline (the dump's text, made from batches of rows while the simulator
// goes on). At most `2 * workers + 2` inputs are in flight: Submit blocks
// beyond that (back-pressure).
//
// Errors: the first in submission order wins, whether `work` or `consume`
// threw it. It stops every stage at once and is rethrown by the next Submit
// or by Finish. The destructor cancels what is left and joins.
//
// Threading: Submit and Finish are called from one producer thread;
// `work` runs on the workers and must be thread-safe; `consume` runs on
// the consumer thread alone. All threads are joined before Finish or the
// destructor returns.
#pragma once

#include <exception>
#include <functional>
#include <future>
#include <stdexcept>
#include <thread>
#include <vector>

#include "concurrency/bounded_queue.h"

namespace tracedb {

template <typename In, typename Out>
class InOrderWorkers {
 public:
  using Work = std::function<Out(In&&)>;
  using Consume = std::function<void(Out&&)>;

  // workers >= 1. Throws std::system_error, starting nothing, when a
  // thread cannot start.
  InOrderWorkers(int workers, Work work, Consume consume)
      : work_(std::move(work)),
        consume_(std::move(consume)),
        in_order_(Capacity(workers)),
        jobs_(Capacity(workers)) {
    try {
      for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { RunWorker(); });
      threads_.emplace_back([this] { RunConsumer(); });
    } catch (...) {
      Stop();
      throw;
    }
  }
  ~InOrderWorkers() { Stop(); }
  InOrderWorkers(const InOrderWorkers&) = delete;
  InOrderWorkers& operator=(const InOrderWorkers&) = delete;

  void Submit(In in) {
    Job job{std::move(in), {}};
    if (in_order_.Push(job.result.get_future()) && jobs_.Push(std::move(job))) return;
    RethrowFailure();
  }

  // Waits until every input submitted is consumed.
  void Finish() {
    in_order_.Close();
    jobs_.Close();
    threads_.clear();  // joined
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  struct Job {
    In input;
    std::promise<Out> result;
  };

  static size_t Capacity(int workers) { return 2 * static_cast<size_t>(workers) + 2; }

  void RunWorker() {
    while (auto job = jobs_.Pop()) {
      try {
        job->result.set_value(work_(std::move(job->input)));
      } catch (...) {
        job->result.set_exception(std::current_exception());
      }
    }
  }

  void RunConsumer() {
    while (auto next = in_order_.Pop()) {
      try {
        consume_(next->get());
      } catch (...) {
        // Written before the queues are cancelled, under their locks: the
        // producer sees it once its Push fails.
        failure_ = std::current_exception();
        in_order_.Cancel();
        jobs_.Cancel();
        return;
      }
    }
  }

  // Only the consumer stops the queues while running, after setting failure_.
  [[noreturn]] void RethrowFailure() {
    Finish();
    throw std::logic_error("InOrderWorkers: stopped without a failure");
  }

  void Stop() {
    in_order_.Cancel();
    jobs_.Cancel();
    threads_.clear();
  }

  Work work_;
  Consume consume_;
  std::exception_ptr failure_;  // set by the consumer; read after it stopped
  BoundedQueue<std::future<Out>> in_order_;
  BoundedQueue<Job> jobs_;
  std::vector<std::jthread> threads_;  // last: joined before the queues go
};

}  // namespace tracedb
