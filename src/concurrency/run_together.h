// RunTogether: work(0) .. work(count - 1) at the same time, work(0) on the
// calling thread and each other on a thread of its own, for work that
// splits into independent parts (the Gantt's rows, shard by shard; a
// PostgreSQL load's two connections setting up their transactions).
//
// Every part runs to its end, failed or not; then the threads are joined
// and the exception of the lowest-numbered part that threw, if any, is
// rethrown here. `work` is called from several threads at once: it must be
// thread-safe, and each part must touch only its own data.
#pragma once

#include <exception>
#include <functional>
#include <thread>
#include <vector>

namespace tracedb {

inline void RunTogether(int count, const std::function<void(int part)>& work) {
  std::vector<std::exception_ptr> errors(count > 0 ? count : 0);
  auto run = [&](int part) {
    try {
      work(part);
    } catch (...) {
      errors[part] = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> threads;
    try {
      for (int part = 1; part < count; ++part) threads.emplace_back(run, part);
    } catch (...) {  // a thread that could not start: those started finish first
      threads.clear();
      throw;
    }
    if (count > 0) run(0);
  }  // joined
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
}

}  // namespace tracedb
