#include "input/file_digest.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "model/input_error.h"

namespace tracedb {
namespace {

struct CloseFd {
  void operator()(int* fd) const {
    ::close(*fd);
    delete fd;
  }
};
struct FreeContext {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};

std::string Hex(const unsigned char* digest, unsigned int size) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 0xf]);
  }
  return hex;
}

}  // namespace

std::string Sha256OfText(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr);
  return Hex(digest, size);
}

std::string Sha256OfFile(const std::string& path, const std::atomic<bool>* stop) {
  int raw = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (raw < 0) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  std::unique_ptr<int, CloseFd> fd(new int(raw));
  std::unique_ptr<EVP_MD_CTX, FreeContext> context(EVP_MD_CTX_new());
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1) {
    throw InputError(path, 0, "cannot start SHA-256");
  }
  // Not zeroed: a small file touches only the pages it fills.
  constexpr size_t kChunk = 1 << 20;
  std::unique_ptr<char[]> buffer = std::make_unique_for_overwrite<char[]>(kChunk);
  while (true) {
    if (stop != nullptr && stop->load()) return "";
    ssize_t got = ::read(*fd, buffer.get(), kChunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError(path, 0, std::string("read error: ") + std::strerror(errno));
    if (got == 0) break;
    EVP_DigestUpdate(context.get(), buffer.get(), static_cast<size_t>(got));
  }
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_DigestFinal_ex(context.get(), digest, &size);
  return Hex(digest, size);
}

BackgroundDigest::BackgroundDigest(const std::string& path)
    : digest_(std::async(std::launch::async, [this, path] { return Sha256OfFile(path, &stop_); })) {
}

BackgroundDigest::~BackgroundDigest() {
  stop_ = true;
  if (digest_.valid()) digest_.wait();
}

}  // namespace tracedb
