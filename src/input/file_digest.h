// Sha256OfFile: the SHA-256 of a file's bytes as stored (a .gz file's
// compressed bytes), lowercase hex. The archive uses it to recognise a file
// it already holds. Reads in 1 MiB chunks; throws InputError naming the file.
//
// Sha256OfFile keeps no state: any thread. A BackgroundDigest owns its
// thread; one thread calls Get(), at most once (a std::future underneath),
// and destroys it.
#pragma once

#include <atomic>
#include <future>
#include <string>
#include <string_view>

namespace tracedb {

// Stops early, returning "", once `stop` turns true.
std::string Sha256OfFile(const std::string& path, const std::atomic<bool>* stop = nullptr);

// The SHA-256 of `text`, lowercase hex.
std::string Sha256OfText(std::string_view text);

// Sha256OfFile on a thread of its own, while a load reads the same file:
// the digest then costs a core's spare time instead of a wait before the
// load. Get() waits for it (and throws its error); destroyed before that,
// it stops the digest and waits for the thread.
class BackgroundDigest {
 public:
  explicit BackgroundDigest(const std::string& path);
  ~BackgroundDigest();
  BackgroundDigest(const BackgroundDigest&) = delete;
  BackgroundDigest& operator=(const BackgroundDigest&) = delete;

  std::string Get() { return digest_.get(); }

 private:
  std::atomic<bool> stop_{false};
  std::future<std::string> digest_;
};

}  // namespace tracedb
