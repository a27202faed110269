// Output for the synthetic trace generators (gen_paje, gen_prv): one big buffer flushed with
// fwrite, because a stream call per line would cost more than generating the line. BeginLine
// guarantees room for kMaxLine bytes, so the Put functions never check; a line that could be
// longer (a list whose length the user chooses) calls BeginLine again between its items.
//
// With a null file nothing is written and only Bytes() counts: a generator can run once to
// learn what it will write (gen_prv needs its end time before its first line).
// Single-threaded; the file stays the caller's. WriteOutput opens and closes one.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tracedb::bench {

class Output {
 public:
  static constexpr std::size_t kMaxLine = 4096;

  Output(std::FILE* file, std::size_t capacity) : file_(file), buf_(capacity) {}

  void BeginLine() {
    if (buf_.size() - used_ < kMaxLine) Flush();
  }
  void Put(char c) { buf_[used_++] = c; }
  void Put(std::string_view s) {
    std::memcpy(buf_.data() + used_, s.data(), s.size());
    used_ += s.size();
  }
  void PutUint(std::uint64_t v) { used_ = std::to_chars(Cursor(), End(), v).ptr - buf_.data(); }
  void PutInt(std::int64_t v) { used_ = std::to_chars(Cursor(), End(), v).ptr - buf_.data(); }
  // Shortest form that reads back exactly: "12.25", "1.25e+09".
  void PutDouble(double v) { used_ = std::to_chars(Cursor(), End(), v).ptr - buf_.data(); }
  // Microseconds as seconds with six decimals, the way SimGrid prints dates.
  void PutTime(std::uint64_t micros) {
    PutUint(micros / 1000000);
    Put('.');
    std::uint64_t frac = micros % 1000000;
    char* p = Cursor();
    for (int i = 5; i >= 0; --i, frac /= 10) p[i] = static_cast<char>('0' + frac % 10);
    used_ += 6;
  }

  std::uint64_t Bytes() const { return flushed_ + used_; }

  void Flush() {
    if (file_ != nullptr && used_ != 0 && std::fwrite(buf_.data(), 1, used_, file_) != used_) {
      throw std::runtime_error("write failed");
    }
    flushed_ += used_;
    used_ = 0;
  }

 private:
  char* Cursor() { return buf_.data() + used_; }
  char* End() { return buf_.data() + buf_.size(); }

  std::FILE* file_;
  std::vector<char> buf_;
  std::size_t used_ = 0;
  std::uint64_t flushed_ = 0;
};

// Opens `path` ("-": stdout) unbuffered, since Output writes in large blocks, runs `write` on
// it and closes it. On failure prints "PROGRAM: ..." on stderr and returns false.
inline bool WriteOutput(const char* program, const std::string& path,
                        const std::function<void(std::FILE*)>& write) {
  std::FILE* file = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (file == nullptr) {
    std::fprintf(stderr, "%s: cannot open %s\n", program, path.c_str());
    return false;
  }
  std::setvbuf(file, nullptr, _IONBF, 0);
  try {
    write(file);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s: %s\n", program, path.c_str(), e.what());
    std::fclose(file);
    return false;
  }
  const bool failed = std::ferror(file) != 0;
  if (std::fclose(file) != 0 || failed) {
    std::fprintf(stderr, "%s: cannot write %s\n", program, path.c_str());
    return false;
  }
  return true;
}

}  // namespace tracedb::bench
