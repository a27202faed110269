// ContentClaims: the contents (SHA-256) being loaded right now by the
// watcher's jobs. Two files of the same content that appear together would
// otherwise both miss it in the archive and load it twice; with a claim the
// second waits for the first, then finds its trace complete.
// Thread-safe: shared by the jobs of one watcher, which owns it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>

namespace tracedb::watch {

class ContentClaims {
 public:
  // Waits until no other job holds `sha256`, then holds it; false (holding
  // nothing) when `cancel` turned true first.
  bool Acquire(const std::string& sha256, const std::atomic<bool>& cancel);
  void Release(const std::string& sha256);

 private:
  std::mutex mutex_;
  std::condition_variable released_;
  std::set<std::string> held_;
};

// Holds a claim for one scope.
class ContentClaim {
 public:
  ContentClaim(ContentClaims& claims, std::string sha256, const std::atomic<bool>& cancel)
      : claims_(claims), sha256_(std::move(sha256)), held_(claims.Acquire(sha256_, cancel)) {}
  ~ContentClaim() {
    if (held_) claims_.Release(sha256_);
  }
  ContentClaim(const ContentClaim&) = delete;
  ContentClaim& operator=(const ContentClaim&) = delete;

  bool held() const { return held_; }

 private:
  ContentClaims& claims_;
  std::string sha256_;
  bool held_;
};

}  // namespace tracedb::watch
