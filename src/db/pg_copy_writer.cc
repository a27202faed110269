#include "db/pg_copy_writer.h"

#include <bit>
#include <cstring>

#include "db/crash_point.h"
#include "db/pg_partitions.h"

namespace tracedb {
namespace {

// PostgreSQL's binary COPY format: a signature, flags and header extension
// length, then per row a field count and per field its byte length (-1 for
// NULL) and value, all integers big-endian; a field count of -1 ends it.
constexpr char kSignature[] = "PGCOPY\n\377\r\n";  // 11 bytes with its NUL

class Encoder {
 public:
  explicit Encoder(std::string* out) : out_(out) {}

  void Header() {
    out_->append(kSignature, 11);
    Be32(0);
    Be32(0);
  }
  void Trailer() { Be16(0xffff); }
  Encoder& Row(uint16_t fields) {
    Be16(fields);
    return *this;
  }
  Encoder& Int(int64_t v) {
    Be32(8);
    Be64(static_cast<uint64_t>(v));
    return *this;
  }
  Encoder& Real(double v) {
    Be32(8);
    Be64(std::bit_cast<uint64_t>(v));
    return *this;
  }
  Encoder& Text(const std::string& v) {
    Be32(static_cast<uint32_t>(v.size()));
    out_->append(v);
    return *this;
  }
  Encoder& Null() {
    Be32(0xffffffff);
    return *this;
  }
  // Empty text and negative ids mean "none": NULL, as in the SQLite writer.
  Encoder& TextOrNull(const std::string& v) { return v.empty() ? Null() : Text(v); }
  Encoder& IdOrNull(int64_t v) { return v < 0 ? Null() : Int(v); }

 private:
  void Be16(uint16_t v) { Put(__builtin_bswap16(v)); }
  void Be32(uint32_t v) { Put(__builtin_bswap32(v)); }
  void Be64(uint64_t v) { Put(__builtin_bswap64(v)); }
  template <typename T>
  void Put(T v) {
    char bytes[sizeof v];
    std::memcpy(bytes, &v, sizeof v);
    out_->append(bytes, sizeof v);
  }

  std::string* out_;
};

int CountColumns(const char* columns) {
  int count = 1;
  for (const char* c = columns; *c != '\0'; ++c) count += *c == ',';
  return count;
}

}  // namespace

template <typename Record, typename Encode>
void PgCopyWriter::CopyTable(const char* table, const char* columns,
                             const std::vector<Record>& records, Encode encode) {
  if (records.empty()) return;
  buffer_.clear();
  Encoder encoder(&buffer_);
  encoder.Header();
  auto fields = static_cast<uint16_t>(CountColumns(columns));
  for (const Record& record : records) encode(encoder.Row(fields).Int(trace_id_), record);
  encoder.Trailer();
  session_.Copy("COPY " + PartitionName(table, trace_id_) + " (" + columns +
                    ") FROM STDIN (FORMAT binary, FREEZE)",
                buffer_);
}

void PgCopyWriter::Write(const RowBatch& batch) {
  CopyTable("type", "trace_id,id,parent_id,kind,name,alias,start_type_id,end_type_id", batch.types,
            [](Encoder& e, const TypeRecord& r) {
              e.Int(r.id).IdOrNull(r.parent).Text(r.kind).Text(r.name).TextOrNull(r.alias);
              e.IdOrNull(r.start_type).IdOrNull(r.end_type);
            });
  CopyTable("value", "trace_id,id,type_id,name,alias,color", batch.values,
            [](Encoder& e, const ValueRecord& r) {
              e.Int(r.id).Int(r.type).Text(r.name).TextOrNull(r.alias).TextOrNull(r.color);
            });
  CopyTable("container", "trace_id,id,parent_id,type_id,name,alias,start_time,end_time,extra",
            batch.containers, [](Encoder& e, const ContainerRecord& r) {
              e.Int(r.id).IdOrNull(r.parent).Int(r.type).Text(r.name).TextOrNull(r.alias);
              e.Real(r.start).Real(r.end).TextOrNull(r.extra);
            });
  CopyTable("state", "trace_id,container_id,type_id,value_id,start_time,end_time,depth,extra",
            batch.states, [](Encoder& e, const StateRecord& r) {
              e.Int(r.container).Int(r.type).Int(r.value).Real(r.start).Real(r.end);
              e.Int(r.depth).TextOrNull(r.extra);
            });
  CopyTable("event", "trace_id,container_id,type_id,value_id,time,extra", batch.events,
            [](Encoder& e, const EventRecord& r) {
              e.Int(r.container).Int(r.type).Int(r.value).Real(r.time).TextOrNull(r.extra);
            });
  CopyTable("variable", "trace_id,container_id,type_id,start_time,end_time,value,extra",
            batch.variables, [](Encoder& e, const VariableRecord& r) {
              e.Int(r.container).Int(r.type).Real(r.start).Real(r.end).Real(r.value);
              e.TextOrNull(r.extra);
            });
  CopyTable("link",
            "trace_id,container_id,type_id,value_id,key,start_container_id,end_container_id,"
            "start_time,end_time,extra",
            batch.links, [](Encoder& e, const LinkRecord& r) {
              e.Int(r.container).Int(r.type).Int(r.value).Text(r.key);
              e.IdOrNull(r.start_container).IdOrNull(r.end_container).Real(r.start).Real(r.end);
              e.TextOrNull(r.extra);
            });
  CrashPoint("batch", ++batches_written_);
}

}  // namespace tracedb
