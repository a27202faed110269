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

// zlib reads a request of at least twice its buffer straight into the
// caller's memory, plain or inflated, and copies smaller ones through the
// buffer: blocks of 128 KB (ingest) or 1 MB (dump) go straight.
constexpr unsigned kZlibBuffer = 64 << 10;

int OpenFd(const std::string& path) {
  if (path == "-") return dup(STDIN_FILENO);
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  return fd;
}

// gzerror's text is "PATH: problem", PATH being zlib's "<fd:N>" for a
// descriptor: only the problem means anything to the user.
std::string GzipProblem(gzFile gz, int* code) {
  std::string message = gzerror(gz, code);
  if (*code == Z_ERRNO) return std::strerror(errno);
  if (message.rfind("<fd:", 0) == 0) {
    size_t colon = message.find(": ");
    if (colon != std::string::npos) message.erase(0, colon + 2);
  }
  return message;
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
  // zlib reads plain input transparently, so any input may be either.
  gz_ = gzdopen(fd, "rb");
  if (gz_ == nullptr) {
    close(fd);
    throw InputError(path, 0, "cannot read: out of memory");
  }
  gzbuffer(gz_, kZlibBuffer);
  // Asks zlib, which looks at the first bytes through its own buffer: a
  // peek with pread would fail on a pipe and take gzip for plain text.
  compressed_ = gzdirect(gz_) == 0;
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
  int code = Z_OK;
  std::string problem = GzipProblem(gz_, &code);
  // gzread reports a cut-short stream only through gzerror, after handing
  // out what it could decompress, and would then go on reading as if nothing
  // happened: so the state is checked after every read, not at the end.
  if (code == Z_BUF_ERROR) {
    throw InputError(path_, 0,
                     "truncated gzip file (it ends in the middle of the compressed data)");
  }
  if (code == Z_DATA_ERROR) throw InputError(path_, 0, "corrupt gzip data: " + problem);
  if (got < 0 || code != Z_OK) throw InputError(path_, 0, "read error: " + problem);
  if (z_off_t offset = gzoffset(gz_); offset >= 0) {
    consumed_.store(static_cast<uint64_t>(offset), std::memory_order_relaxed);
  }
  return static_cast<size_t>(got);
}

}  // namespace tracedb
