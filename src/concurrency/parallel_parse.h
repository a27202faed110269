// ParseInParallel: the front of every pipeline. A reader thread cuts the
// input into blocks, `workers` threads parse whole blocks at once, and the
// calling thread receives the parsed blocks in file order, so that one
// simulator can apply them in order while parsing runs ahead.
//
// `parse(std::shared_ptr<const std::string>) -> Parsed` runs on the workers
// and must be thread-safe; `deliver(Parsed&&)` runs on the calling thread.
// Parsing runs at most `2 * workers + 3` blocks ahead of delivery (a queue
// of 2 * workers + 2, and the block being delivered); the reader holds one
// more while it waits. workers <= 0 does all the work on the calling thread.
//
// Errors: the first in file order wins and is rethrown here, after every
// block before it was delivered. A parse or read error waits in its block's
// place (later blocks go on parsing meanwhile, up to the bound); an error
// of `deliver` stops every stage at once. Either way the threads are joined
// before this returns.
#pragma once

#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "concurrency/bounded_queue.h"
#include "input/block_reader.h"

namespace tracedb {

template <typename Parse, typename Deliver>
void ParseInParallel(BlockReader& reader, int workers, Parse parse, Deliver deliver) {
  using Parsed = decltype(parse(std::shared_ptr<const std::string>()));
  if (workers <= 0) {
    while (auto block = reader.Next()) deliver(parse(std::move(block)));
    return;
  }
  struct Job {
    std::shared_ptr<const std::string> text;
    std::promise<Parsed> result;
  };
  const size_t capacity = 2 * static_cast<size_t>(workers) + 2;
  // In file order, each future filled by whichever worker parses its block.
  BoundedQueue<std::future<Parsed>> in_order(capacity);
  BoundedQueue<Job> jobs(capacity);

  std::jthread read_thread([&] {
    try {
      while (auto block = reader.Next()) {
        Job job{std::move(block), {}};
        if (!in_order.Push(job.result.get_future()) || !jobs.Push(std::move(job))) break;
      }
    } catch (...) {
      std::promise<Parsed> failed;
      failed.set_exception(std::current_exception());
      in_order.Push(failed.get_future());
    }
    in_order.Close();
    jobs.Close();
  });
  std::vector<std::jthread> pool;
  try {
    for (int i = 0; i < workers; ++i) {
      pool.emplace_back([&] {
        while (auto job = jobs.Pop()) {
          try {
            job->result.set_value(parse(std::move(job->text)));
          } catch (...) {
            job->result.set_exception(std::current_exception());
          }
        }
      });
    }
    while (auto next = in_order.Pop()) deliver(next->get());
  } catch (...) {  // includes a thread that could not start
    in_order.Cancel();
    jobs.Cancel();
    throw;  // the threads are joined as the stack unwinds
  }
}

}  // namespace tracedb
