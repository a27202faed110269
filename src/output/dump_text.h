// DumpText: spells DumpLines (output/dump_line.h) as pj_dump's text and
// hands it on in pieces of about kFlushAt bytes to `write`, which owns
// them only for the call (a file, a string being filled).
//
//   State, thread1, State, 1.000000, 5.000000, 4.000000, 0.000000, A
//
// Call Flush() at the end for the last piece. Not thread-safe: one
// DumpText per thread.
#pragma once

#include <cstring>
#include <functional>
#include <memory>
#include <string_view>

#include "model/entity.h"
#include "model/short_bytes.h"
#include "output/dump_line.h"
#include "output/fixed_six.h"

namespace tracedb {

class DumpText {
 public:
  // Pieces are handed on once this many bytes are buffered: small enough
  // for the buffer to stay in the core's cache between writes (1 MiB made
  // 1 GB dumps about 2% slower).
  static constexpr size_t kFlushAt = 1 << 16;

  using Write = std::function<void(std::string_view bytes)>;
  explicit DumpText(Write write);

  void Line(const DumpLine& line);
  // Line, for a line whose kind is known.
  void Container(const DumpLine& line);
  void State(const DumpLine& line);
  void Event(const DumpLine& line);
  void Variable(const DumpLine& line);
  void Link(const DumpLine& line);
  void Flush();

 private:
  // Inline, so that the many short literals (", ") are a store each.
  [[gnu::always_inline]] void Text(std::string_view s) {
    if (s.size() > kCapacity - used_) return TextAfterWrite(s);
    CopyShort(buffer_.get() + used_, s.data(), s.size());
    used_ += s.size();
  }
  void TextAfterWrite(std::string_view s);
  void Sep() { Text(", "); }
  void Fixed(double v);      // %.6f
  void Depth(double depth);  // %.6f of a state's depth
  void General(double v);    // %g
  void Integer(int64_t v);
  void Extras(const tracedb::Extras* extras);
  void EndLine() {
    Text("\n");
    if (used_ >= kFlushAt) Flush();
  }
  // "State, thread1, State, ": the kind, the container and the type.
  void Head(std::string_view kind, const DumpLine& line) {
    Text(kind);
    Text(line.container->name);
    Sep();
    Text(line.type->name);
    Sep();
  }
  void End(const DumpLine& line) {
    Extras(line.extras);
    EndLine();
  }
  void Interval(const DumpLine& line) {  // start, end, duration (%.6f)
    Fixed(line.start);
    Sep();
    Fixed(line.end);
    Sep();
    Fixed(line.end - line.start);
  }

  // Room for any one number after kFlushAt bytes.
  static constexpr size_t kCapacity = kFlushAt + kFixedSixMaxChars;

  Write write_;
  std::unique_ptr<char[]> buffer_;  // text not handed on yet: used_ bytes
  size_t used_ = 0;
  // The last time spelled and where its text is in the buffer (size 0:
  // none since the last flush). Read back from there, not kept in a copy:
  // copying the digits just written read them before their stores had
  // landed, a stall that cost more than spelling them.
  double last_fixed_ = 0;
  size_t last_fixed_at_ = 0;
  size_t last_fixed_size_ = 0;
};

}  // namespace tracedb
