// DumpWriter: an EntitySink that prints entities in pj_dump's line format
// (paje-format.md, "pj_dump's output"), names instead of ids, to a FILE*.
//
//   State, thread1, State, 1.000000, 5.000000, 4.000000, 0.000000, A
//
// With format_workers, the text is spelled off the simulator's thread: rows
// become lines (output/dump_line.h) in batches, workers spell the batches
// (output/dump_text.h) and one more thread writes them out in order
// (concurrency/in_order_workers.h). The output is the same byte for byte.
//
// Buffers its output; call Flush() at the end, and also when the reading
// stops on an error: the output then holds every entity that came before
// it, and a write error of that output (which came first) is the one
// thrown. A write error is thrown by the call that finds it (with workers,
// a later On* call or Flush).
// Threading: called on one thread, the one that grows the Registry.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "concurrency/in_order_workers.h"
#include "model/entity.h"
#include "output/dump_line.h"
#include "output/dump_text.h"
#include "sim/registry.h"

namespace tracedb {

struct DumpOptions {
  bool user_fields = false;  // append user-defined field values (pj_dump -u)
  int format_workers = 0;    // threads that spell the text; 0: the calling thread
  // Every write to the FILE* ends at a line's end (a line longer than the
  // buffer waits for its end), so that writers on several threads may share
  // one output: each fwrite is whole. Without format workers only.
  bool whole_lines = false;
};

class DumpWriter : public EntitySink {
 public:
  // Lines per batch with format_workers: large enough that a batch costs
  // one hand-over among thousands of lines, small enough that the batches
  // in flight (2 * workers + 3) stay a few MB.
  static constexpr size_t kBatchLines = 8192;

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
  using Workers = InOrderWorkers<DumpBatch, std::string>;

  void Add(const DumpLine& line) {
    batch_.lines.push_back(line);
    if (batch_.lines.size() >= kBatchLines) SubmitBatch();
  }
  void SubmitBatch();
  void WriteWholeLines(std::string_view bytes);

  std::FILE* out_;
  std::string partial_line_;  // with whole_lines: the start of a line not yet written
  LineMaker maker_;
  DumpText text_;                     // without workers
  DumpBatch batch_;                   // with workers: the batch being filled
  std::unique_ptr<Workers> workers_;  // nullptr without
};

}  // namespace tracedb
