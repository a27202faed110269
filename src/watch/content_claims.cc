#include "watch/content_claims.h"

#include <chrono>

namespace tracedb::watch {

bool ContentClaims::Acquire(const std::string& sha256, const std::atomic<bool>& cancel) {
  std::unique_lock lock(mutex_);
  // `cancel` is set without this mutex, so it is looked at now and then
  // rather than waited for.
  while (held_.count(sha256) != 0) {
    if (cancel.load()) return false;
    released_.wait_for(lock, std::chrono::milliseconds(100));
  }
  held_.insert(sha256);
  return true;
}

void ContentClaims::Release(const std::string& sha256) {
  {
    std::lock_guard lock(mutex_);
    held_.erase(sha256);
  }
  released_.notify_all();
}

}  // namespace tracedb::watch
