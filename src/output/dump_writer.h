// DumpWriter: an EntitySink that prints entities in pj_dump's line format
// (paje-format.md, "pj_dump's output"), names instead of ids, to a FILE*.
//
//   State, thread1, State, 1.000000, 5.000000, 4.000000, 0.000000, A
//
// Buffers its output; call Flush() at the end. Not thread-safe.
#pragma once

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "model/entity.h"
#include "output/fixed_six.h"
#include "sim/registry.h"

namespace tracedb {

struct DumpOptions {
  bool user_fields = false;  // append user-defined field values (pj_dump -u)
};

class DumpWriter : public EntitySink {
 public:
  // Lines are written out once this many bytes are buffered: small enough
  // for the buffer to stay in the core's cache between writes (1 MiB made
  // 1 GB dumps about 2% slower).
  static constexpr size_t kFlushAt = 1 << 16;

  DumpWriter(const Registry& registry, std::FILE* out, DumpOptions options);
  ~DumpWriter() override;

  void OnContainer(const ContainerRow& row) override;
  void OnState(const StateRow& row) override;
  void OnEvent(const EventRow& row) override;
  void OnVariable(const VariableRow& row) override;
  void OnLink(const LinkRow& row) override;
  // Throws std::runtime_error when the output cannot be written.
  void Flush();

 private:
  // Inline, so that the many short literals (", ") are a store each.
  void Text(std::string_view s) {
    if (s.size() > kCapacity - used_) return TextAfterWrite(s);
    std::memcpy(buffer_.get() + used_, s.data(), s.size());
    used_ += s.size();
  }
  void TextAfterWrite(std::string_view s);
  void Sep() { Text(", "); }
  void Fixed(double v);    // %.6f
  void General(double v);  // %g
  void Integer(int64_t v);
  void EventValue(const EventRow& row);  // its value's name, or its number
  void ContainerName(int64_t id);
  void Extras(const tracedb::Extras& extras);
  void EndLine();
  void Write();  // the buffer to out_
  void WriteOut(std::string_view bytes);

  // Room for any one number after kFlushAt bytes.
  static constexpr size_t kCapacity = kFlushAt + kFixedSixMaxChars;

  const Registry& registry_;
  std::FILE* out_;
  DumpOptions options_;
  std::unique_ptr<char[]> buffer_;  // lines not written yet: used_ bytes
  size_t used_ = 0;
  double last_fixed_ = 0;  // the last time spelled, and its text
  char last_fixed_text_[32];
  size_t last_fixed_size_ = 0;
  NumberDigits digits_;  // where numbered values are spelled
};

}  // namespace tracedb
