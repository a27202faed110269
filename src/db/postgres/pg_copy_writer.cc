#include "db/postgres/pg_copy_writer.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <future>
#include <numeric>
#include <optional>

#include "db/container_order.h"
#include "db/crash_point.h"
#include "db/postgres/pg_partitions.h"
#include "model/duration_class.h"

namespace tracedb {
namespace {

// PostgreSQL's binary COPY format: a signature, flags and header extension
// length, then per row a field count and per field its byte length (-1 for
// NULL) and value, all integers big-endian; a field count of -1 ends it.
constexpr char kSignature[] = "PGCOPY\n\377\r\n";  // 11 bytes with its NUL

// Encodes into `out` as raw storage (its size is only capacity; used() bytes
// are data), checking for room once per row and per text rather than on
// every field.
class Encoder {
 public:
  explicit Encoder(std::string* out) : out_(out) {}

  std::string_view data() const { return {out_->data(), used_}; }
  void Clear() { used_ = 0; }

  void Header() {
    Room(kRowRoom);
    Put(kSignature, 11);
    Be32(0);
    Be32(0);
  }
  void Trailer() {
    Room(kRowRoom);
    Be16(0xffff);
  }
  Encoder& Row(uint16_t fields) {
    Room(kRowRoom);
    Be16(fields);
    return *this;
  }
  Encoder& Int(int64_t v) {
    Be32(8);
    Be64(static_cast<uint64_t>(v));
    return *this;
  }
  Encoder& SmallInt(int16_t v) {  // state.long_state
    Be32(2);
    Be16(static_cast<uint16_t>(v));
    return *this;
  }
  Encoder& Real(double v) {
    Be32(8);
    Be64(std::bit_cast<uint64_t>(v));
    return *this;
  }
  Encoder& Text(std::string_view v) {
    Room(v.size() + kRowRoom);  // and still room for the row's other fields
    Be32(static_cast<uint32_t>(v.size()));
    Put(v.data(), v.size());
    return *this;
  }
  Encoder& Null() {
    Be32(0xffffffff);
    return *this;
  }
  // jsonb's binary form: a version byte, 1, then the JSON text.
  Encoder& Jsonb(std::string_view v) {
    Room(v.size() + kRowRoom);
    Be32(static_cast<uint32_t>(v.size() + 1));
    Put(uint8_t{1});
    Put(v.data(), v.size());
    return *this;
  }
  // Empty text and negative ids mean "none": NULL, as in the SQLite writer.
  Encoder& TextOrNull(std::string_view v) { return v.empty() ? Null() : Text(v); }
  Encoder& IdOrNull(int64_t v) { return v < 0 ? Null() : Int(v); }
  Encoder& RealOrNull(double v) { return v != v ? Null() : Real(v); }  // NaN: none
  Encoder& IntOrNull(std::optional<int64_t> v) { return v ? Int(*v) : Null(); }
  Encoder& JsonbOrNull(std::string_view v) { return v.empty() ? Null() : Jsonb(v); }

 private:
  // More than a row's fixed-size fields take (11 fields of 12 bytes).
  static constexpr size_t kRowRoom = 256;

  void Room(size_t bytes) {
    if (used_ + bytes > out_->size()) out_->resize(std::max(2 * out_->size(), used_ + bytes));
  }
  void Be16(uint16_t v) { Put(__builtin_bswap16(v)); }
  void Be32(uint32_t v) { Put(__builtin_bswap32(v)); }
  void Be64(uint64_t v) { Put(__builtin_bswap64(v)); }
  template <typename T>
  void Put(T v) {
    Put(&v, sizeof v);
  }
  void Put(const void* bytes, size_t size) {
    std::memcpy(out_->data() + used_, bytes, size);
    used_ += size;
  }

  std::string* out_;
  size_t used_ = 0;
};

// COPY data goes out in pieces this large, so that the server stores one
// while the next is encoded; smaller ones cost more calls into libpq.
constexpr size_t kPiece = 64 << 10;
constexpr size_t kPrefetch = 16;  // records ahead

int CountColumns(const char* columns) {
  int count = 1;
  for (const char* c = columns; *c != '\0'; ++c) count += *c == ',';
  return count;
}

}  // namespace

template <typename Record, typename Encode>
void PgCopyWriter::CopyTable(Lane& lane, const RowBatch& batch, const char* table,
                             const char* columns, const std::vector<Record>& records,
                             Encode encode) {
  if (records.empty()) return;
  // The rows that have a container go in container order
  // (db/container_order.h): the index built from them at attach sorts
  // about a third faster.
  if constexpr (requires(const Record& r) { r.container; }) {
    ContainerOrder(records, [](int64_t) { return true; }, lane.order, lane.order_scratch);
  } else {
    lane.order.resize(records.size());
    std::iota(lane.order.begin(), lane.order.end(), 0u);
  }
  const std::vector<uint32_t>& order = lane.order;
  PgSession& session = *lane.session;
  session.BeginCopy("COPY " + PartitionName(table, trace_id_) + " (" + columns +
                    ") FROM STDIN (FORMAT binary)");
  Encoder encoder(&lane.buffer);
  encoder.Header();
  auto fields = static_cast<uint16_t>(CountColumns(columns));
  for (size_t i = 0; i < order.size(); ++i) {
    // In container order the records are read at random: ask for them early.
    // Then for their user fields, once the record is in (it was asked for
    // kPrefetch rows ago).
    if (i + kPrefetch < order.size()) __builtin_prefetch(&records[order[i + kPrefetch]]);
    if constexpr (requires(const Record& r) { r.extra.offset; }) {
      if (i + kPrefetch / 2 < order.size()) {
        __builtin_prefetch(batch.text.data() + records[order[i + kPrefetch / 2]].extra.offset);
      }
    }
    encode(encoder.Row(fields), records[order[i]]);
    if (encoder.data().size() >= kPiece) {
      session.SendCopyData(encoder.data());
      encoder.Clear();
    }
  }
  encoder.Trailer();
  session.SendCopyData(encoder.data());
  session.EndCopy();
}

// The second lane on a thread of its own, for this batch only: a few
// threads a second cost nothing beside the COPYs, and the batch is done when
// both are (a failure of either is thrown once both have stopped).
void PgCopyWriter::Write(const RowBatch& batch) {
  if (first_.session == second_.session) {
    WriteFirstLane(batch);
    WriteSecondLane(batch);
  } else {
    auto second = std::async(std::launch::async, [&] { WriteSecondLane(batch); });
    WriteFirstLane(batch);
    second.get();
  }
  CrashPoint("batch", ++batches_written_);
}

void PgCopyWriter::WriteFirstLane(const RowBatch& batch) {
  Lane& lane = first_;
  CopyTable(lane, batch, "type", "id,parent_id,kind,name,alias,start_type_id,end_type_id",
            batch.types, [](Encoder& e, const TypeRecord& r) {
              e.Int(r.id).IdOrNull(r.parent).Text(r.kind).Text(r.name).TextOrNull(r.alias);
              e.IdOrNull(r.start_type).IdOrNull(r.end_type);
            });
  CopyTable(lane, batch, "value", "id,type_id,name,alias,color", batch.values,
            [](Encoder& e, const ValueRecord& r) {
              e.Int(r.id).Int(r.type).Text(r.name).TextOrNull(r.alias).TextOrNull(r.color);
            });
  CopyTable(lane, batch, "container",
            "id,parent_id,type_id,name,alias,start_time,end_time,extra,path", batch.containers,
            [&batch](Encoder& e, const ContainerRecord& r) {
              e.Int(r.id).IdOrNull(r.parent).Int(r.type).Text(r.name).TextOrNull(r.alias);
              e.Real(r.start).Real(r.end).JsonbOrNull(batch.Text(r.extra)).TextOrNull(r.path);
            });
  CopyTable(lane, batch, "state",
            "container_id,type_id,value_id,start_time,end_time,depth,extra,duration_class,"
            "long_state,parent_start",
            batch.states, [&batch](Encoder& e, const StateRecord& r) {
              e.Int(r.container).Int(r.type).Int(r.value).Real(r.start).Real(r.end);
              e.Int(r.depth).JsonbOrNull(batch.Text(r.extra)).Int(DurationClass(r.start, r.end));
              e.SmallInt(r.long_state ? 1 : 0).RealOrNull(r.parent_start);
            });
  CopyTable(lane, batch, "event", "container_id,type_id,value_id,time,extra,number", batch.events,
            [&batch](Encoder& e, const EventRecord& r) {
              e.Int(r.container).Int(r.type).IdOrNull(r.value).Real(r.time);
              e.JsonbOrNull(batch.Text(r.extra)).IntOrNull(r.number);
            });
}

void PgCopyWriter::WriteSecondLane(const RowBatch& batch) {
  Lane& lane = second_;
  CopyTable(lane, batch, "variable", "container_id,type_id,start_time,end_time,value,extra",
            batch.variables, [&batch](Encoder& e, const VariableRecord& r) {
              e.Int(r.container).Int(r.type).Real(r.start).Real(r.end).Real(r.value);
              e.JsonbOrNull(batch.Text(r.extra));
            });
  CopyTable(lane, batch, "link",
            "container_id,type_id,value_id,key,start_container_id,end_container_id,"
            "start_time,end_time,extra,size,tag",
            batch.links, [&batch](Encoder& e, const LinkRecord& r) {
              e.Int(r.container).Int(r.type).Int(r.value).Text(batch.Text(r.key));
              e.IdOrNull(r.start_container).IdOrNull(r.end_container).Real(r.start).Real(r.end);
              e.JsonbOrNull(batch.Text(r.extra)).IntOrNull(r.size()).IntOrNull(r.tag());
            });
  CopySummaries(lane, batch);
}

void PgCopyWriter::CopySummaries(Lane& lane, const RowBatch& batch) {
  CopyTable(lane, batch, "state_summary",
            "container_id,type_id,value_id,count,inclusive_seconds,exclusive_seconds,"
            "min_seconds,max_seconds",
            batch.state_summaries, [](Encoder& e, const StateSummaryRecord& r) {
              e.Int(r.container).Int(r.type).Int(r.value).Int(r.count);
              e.Real(r.inclusive).Real(r.exclusive).Real(r.min).Real(r.max);
            });
  CopyTable(lane, batch, "event_summary", "container_id,type_id,value_id,count",
            batch.event_summaries, [](Encoder& e, const EventSummaryRecord& r) {
              e.Int(r.container).Int(r.type).IdOrNull(r.value).Int(r.count);
            });
  CopyTable(lane, batch, "variable_summary",
            "container_id,type_id,count,min,max,time_weighted_mean,start_time,end_time",
            batch.variable_summaries, [](Encoder& e, const VariableSummaryRecord& r) {
              e.Int(r.container).Int(r.type).Int(r.count).Real(r.min).Real(r.max);
              e.RealOrNull(r.mean).Real(r.start).Real(r.end);
            });
  CopyTable(lane, batch, "link_summary",
            "type_id,start_container_id,end_container_id,messages,bytes,seconds",
            batch.link_summaries, [](Encoder& e, const LinkSummaryRecord& r) {
              e.Int(r.type).IdOrNull(r.start_container).IdOrNull(r.end_container);
              e.Int(r.messages).IdOrNull(r.bytes).RealOrNull(r.seconds);
            });
  CopyTable(lane, batch, "state_profile", "type_id,value_id,bin,bin_start,bin_end,seconds",
            batch.profile, [](Encoder& e, const ProfileRecord& r) {
              e.Int(r.type).Int(r.value).Int(r.bin).Real(r.bin_start).Real(r.bin_end);
              e.Real(r.seconds);
            });
  CopyTable(lane, batch, "state_duration",
            "duration_class,count,min_seconds,max_seconds,seconds,short_max_seconds",
            batch.durations, [](Encoder& e, const DurationRecord& r) {
              e.Int(r.duration_class).Int(r.count).Real(r.min).Real(r.max).Real(r.seconds);
              e.RealOrNull(r.short_max);
            });
  CopyTable(lane, batch, "call_path",
            "path_id,parent_id,container_id,type_id,value_id,depth,count,inclusive_seconds,"
            "exclusive_seconds",
            batch.call_paths, [](Encoder& e, const CallPathRecord& r) {
              e.Int(r.path).IdOrNull(r.parent == kNoPath ? -1 : int64_t{r.parent});
              e.Int(r.container).Int(r.type).IdOrNull(r.value == kNoValue ? -1 : int64_t{r.value});
              e.Int(r.depth).Int(r.count).Real(r.inclusive).Real(r.exclusive);
            });
}

}  // namespace tracedb
