// DumpWriter: an EntitySink that prints entities in pj_dump's line format
// (paje-format.md, "pj_dump's output"), names instead of ids, to a FILE*.
//
//   State, thread1, State, 1.000000, 5.000000, 4.000000, 0.000000, A
//
// Buffers its output; call Flush() at the end. Not thread-safe.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb {

struct DumpOptions {
  bool user_fields = false;  // append user-defined field values (pj_dump -u)
};

class DumpWriter : public EntitySink {
 public:
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
  void Text(std::string_view s);
  void Sep() { Text(", "); }
  void Fixed(double v);    // %.6f
  void General(double v);  // %g
  void ContainerName(int64_t id);
  void Extras(const tracedb::Extras& extras);
  void EndLine();

  const Registry& registry_;
  std::FILE* out_;
  DumpOptions options_;
  std::string buffer_;
  NumberDigits digits_;  // where numbered values are spelled
};

}  // namespace tracedb
