// BatchingSink: the simulator's sink during an ingest. It turns finished
// entities into rows (model/row_batch.h) and hands them on in batches of
// about `batch_rows` rows, so that the database writer, on its own thread,
// works in large transactions while the simulator goes on.
//
// Containers are written when they end (their end time is known then);
// values soon after they are made, with the rows of the batch then being
// filled, and at most kValueLag values late: a Registry that keeps only its
// newest numbered values (Paraver counters) keeps at least that many; types,
// which are few, at Finish(). Runs on the simulator's thread; `emit` may
// block (back-pressure) or throw.
#pragma once

#include <cstdint>
#include <functional>

#include "model/entity.h"
#include "model/extras_json.h"
#include "model/row_batch.h"
#include "sim/registry.h"
#include "sink/batch_pool.h"

namespace tracedb {

// Rows per batch unless told (ingest and watch --batch-size). Up to five
// batches are in memory at once (three queued, one filled, one written;
// finished ones are kept for reuse), each keeping room for every kind of
// row it ever held. 150,000 took the SQLite ingest of the 1 GB bench trace to a peak
// RSS of 183-195 MB, close to the 200 MB bound. 75,000, alternating with
// 150,000 (five runs each, medians): SQLite 25.45 vs 26.14 s, 158-160 vs
// 183-190 MB; PostgreSQL 18.50 vs 17.98 s (each COPY costs ~2 ms beyond its
// rows), 136-138 vs 169-177 MB; Paraver 100 MB into SQLite 4.59 vs 4.55 s.
inline constexpr size_t kDefaultBatchRows = 75'000;

struct RowCounts {
  int64_t containers = 0;
  int64_t states = 0;
  int64_t events = 0;
  int64_t variables = 0;
  int64_t links = 0;
  int64_t types = 0;
  int64_t values = 0;
};

class BatchingSink : public EntitySink {
 public:
  using Emit = std::function<void(RowBatch&&)>;
  // Batches are filled from `pool` when there is one; `extra` texts are
  // written in the form `json` (model/extras_json.h).
  BatchingSink(const Registry& registry, size_t batch_rows, Emit emit, BatchPool* pool = nullptr,
               JsonStore json = JsonStore::kText);

  void OnContainer(const ContainerRow& row) override;
  void OnState(const StateRow& row) override;
  void OnEvent(const EventRow& row) override;
  void OnVariable(const VariableRow& row) override;
  void OnLink(const LinkRow& row) override;

  // After the simulator's Finish(): adds every type and value, emits the rest.
  void Finish();
  const RowCounts& counts() const { return counts_; }

 private:
  // Values read from the registry this late at most: far fewer than a
  // Registry's numbered-value window (format/paraver/trace_mapper.h).
  static constexpr size_t kValueLag = 4096;
  // A batch goes sooner when its rows' texts are this long: memory stays
  // bounded with long user-defined fields, and spans' offsets fit.
  static constexpr size_t kMaxText = 64 << 20;
  // And when it holds this many containers: a container row, with its
  // name, alias and path, weighs ten of a state's, and a Paraver trace's
  // containers (160,000 for 80,000 threads) all end at once.
  static constexpr size_t kMaxContainers = 8192;
  // Longer container paths are not stored (NULL): a tree nested thousands
  // deep would make them quadratic in size.
  static constexpr uint32_t kMaxPathCharacters = 4096;
  static constexpr uint32_t kUnknownLength = UINT32_MAX;
  static constexpr uint32_t kTooLong = UINT32_MAX - 1;

  // The JSON text of `extras`, in the batch's text; the same span as the
  // previous row's when the text is the same: the rows of one Paraver event
  // record (several type:value pairs) share their fields.
  TextSpan Json(const Extras& extras);
  // `text` as it is, in the batch's text.
  TextSpan Append(std::string_view text);
  uint32_t PathLength(uint32_t id);
  std::string PathOf(uint32_t id);
  void Added();
  void TakeValues();  // every value not written yet, into the batch
  void EmitBatch();

  const Registry& registry_;
  size_t batch_rows_;
  Emit emit_;
  BatchPool* pool_;
  JsonStore json_;
  RowBatch batch_;
  size_t pending_ = 0;
  size_t values_written_ = 0;  // values [0, values_written_) are in batches already
  RowCounts counts_;
  TextSpan last_text_;                 // of the batch being filled
  std::vector<uint32_t> path_length_;  // per container id, memoised by PathLength
};

}  // namespace tracedb
