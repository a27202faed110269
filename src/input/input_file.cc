#include "input/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "model/input_error.h"

namespace tracedb {
namespace {

constexpr unsigned kZlibBuffer = 1 << 20;

int OpenFd(const std::string& path) {
  if (path == "-") return dup(STDIN_FILENO);
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  return fd;
}

// Peeks at the first two bytes without consuming them, where the fd allows.
bool LooksGzipped(int fd) {
  unsigned char magic[2];
  ssize_t n = pread(fd, magic, 2, 0);
  return n == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

}  // namespace

InputFile::InputFile(const std::string& path) : path_(path) {
  int fd = OpenFd(path);
  struct stat st {};
  if (fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      close(fd);
      throw InputError(path, 0, "is a directory, not a trace file");
    }
    if (S_ISREG(st.st_mode)) size_on_disk_ = static_cast<uint64_t>(st.st_size);
  }
  compressed_ = LooksGzipped(fd);
  // zlib reads plain input transparently, so stdin may be either.
  gz_ = gzdopen(fd, "rb");
  if (gz_ == nullptr) {
    close(fd);
    throw InputError(path, 0, "cannot read: out of memory");
  }
  gzbuffer(gz_, kZlibBuffer);
}

InputFile::InputFile(std::string name, std::string_view bytes)
    : path_(std::move(name)), memory_(bytes) {}

InputFile::~InputFile() {
  if (gz_ != nullptr) gzclose(gz_);
}

size_t InputFile::Read(char* buffer, size_t n) {
  if (peeked_out_ == peeked_.size()) return ReadInput(buffer, n);
  size_t taken = std::min(n, peeked_.size() - peeked_out_);
  std::memcpy(buffer, peeked_.data() + peeked_out_, taken);
  peeked_out_ += taken;
  return taken;
}

std::string_view InputFile::Peek(size_t n) {
  size_t had = peeked_.size();
  if (had < n) {
    peeked_.resize(n);
    // A read may return less than asked: go on until n or the end.
    while (had < n) {
      size_t got = ReadInput(peeked_.data() + had, n - had);
      if (got == 0) break;
      had += got;
    }
    peeked_.resize(had);
  }
  return std::string_view(peeked_).substr(0, n);
}

size_t InputFile::ReadInput(char* buffer, size_t n) {
  if (gz_ == nullptr) {  // in memory
    n = std::min(n, memory_.size());
    if (n > 0) std::memcpy(buffer, memory_.data(), n);  // data() may be null when empty
    memory_.remove_prefix(n);
    return n;
  }
  int got = gzread(gz_, buffer, static_cast<unsigned>(n));
  if (got < 0) {
    int code = 0;
    const char* message = gzerror(gz_, &code);
    if (code == Z_ERRNO) message = std::strerror(errno);
    throw InputError(path_, 0, std::string("read error: ") + message);
  }
  if (got == 0 && compressed_) {
    // gzread reports a cut-short stream only through gzerror.
    int code = 0;
    const char* message = gzerror(gz_, &code);
    if (code != Z_OK) throw InputError(path_, 0, std::string("corrupt gzip data: ") + message);
  }
  return static_cast<size_t>(got);
}

}  // namespace tracedb
