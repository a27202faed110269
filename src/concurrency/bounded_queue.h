// BoundedQueue: the link between two pipeline stages. Push blocks while the
// queue is full (back-pressure: a fast stage cannot run ahead and fill
// memory); Pop blocks while it is empty. Close() ends the stream after what
// was pushed; Cancel() ends it at once, for when a stage has failed.
//
// Thread-safe: any number of threads may Push and Pop, and any may Close or
// Cancel (Cancel destroys the items not popped, on its own thread). The
// queue must outlive every thread that uses it.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

namespace tracedb {

template <typename T>
class BoundedQueue {
 public:
  explicit BoundedQueue(size_t capacity) : capacity_(capacity) {}

  // False when the queue was closed or cancelled: the item was not taken.
  bool Push(T item) {
    std::unique_lock lock(mutex_);
    not_full_.wait(lock, [&] { return items_.size() < capacity_ || closed_; });
    if (closed_) return false;
    items_.push_back(std::move(item));
    not_empty_.notify_one();
    return true;
  }

  // nullopt once the queue is closed and drained, or cancelled.
  std::optional<T> Pop() {
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return !items_.empty() || closed_; });
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    not_full_.notify_one();
    return item;
  }

  void Close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    not_empty_.notify_all();
    not_full_.notify_all();
  }

  void Cancel() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    items_.clear();
    not_empty_.notify_all();
    not_full_.notify_all();
  }

 private:
  const size_t capacity_;
  std::mutex mutex_;
  std::condition_variable not_empty_;
  std::condition_variable not_full_;
  std::deque<T> items_;
  bool closed_ = false;
};

}  // namespace tracedb
