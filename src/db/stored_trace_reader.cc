#include "db/stored_trace_reader.h"

#include <atomic>
#include <charconv>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/db_error.h"
#include "db/trace_row_range.h"
#include "model/extras_json.h"

namespace tracedb {
namespace {

TypeKind KindFromName(const std::string& kind) {
  for (TypeKind k : {TypeKind::kState, TypeKind::kEvent, TypeKind::kVariable, TypeKind::kLink}) {
    if (kind == TypeKindName(k)) return k;
  }
  return TypeKind::kContainer;
}

int64_t IdOrNone(const RowCursor& s, int column, int64_t none) {
  return s.IsNull(column) ? none : s.Int(column);
}

uint32_t Id(const RowCursor& s, int column) { return static_cast<uint32_t>(s.Int(column)); }

// A row's user fields, from its JSON column.
Extras ReadExtras(const RowCursor& s, int column) {
  if (s.IsNull(column)) return {};
  return JsonToExtras(s.Text(column));
}

// Ids come back in order and were given densely from 0 (0 being the root,
// which the Registry makes itself): a gap means the rows are not ours.
void CheckId(const std::string& database, const char* table, int64_t stored, uint32_t given) {
  if (stored != given) {
    throw DbError(database, std::string("the ") + table + " ids of this trace are not " +
                                "contiguous (id " + std::to_string(stored) + ")");
  }
}

// A stored reference must name something of the trace already read before
// it is used as an index.
void CheckReference(const std::string& database, const char* table, const char* what, int64_t id,
                    size_t count) {
  if (id < 0 || static_cast<size_t>(id) >= count) {
    throw DbError(database, std::string("a ") + table + " row names " + what + " " +
                                std::to_string(id) + ", which the trace lacks");
  }
}

// A value that is only its number, as the Paraver mapper makes them: kept
// as a number again, so that reading a trace back takes as little memory
// as making it. Any other spelling ("007", "-0", "+3") is a named value.
uint32_t AddValue(Registry* registry, ValueInfo info) {
  std::string_view text = info.name;
  bool negative = text.starts_with('-');
  if (negative) text.remove_prefix(1);
  uint64_t magnitude = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), magnitude);
  bool canonical = error == std::errc() && end == text.data() + text.size() && !text.empty() &&
                   (text[0] != '0' || text.size() == 1) && !(negative && magnitude == 0);
  if (!canonical || !info.alias.empty() || !info.color.empty()) {
    return registry->AddValue(std::move(info));
  }
  return registry->AddNumberedValue(info.type, negative, magnitude);
}

}  // namespace

void ReadStoredRegistry(const std::string& database, const SelectRows& select, Registry* registry) {
  auto types = select(
      "SELECT id, parent_id, kind, name, alias, start_type_id, end_type_id "
      "FROM type WHERE trace_id = $1 AND id > 0 ORDER BY id");
  while (types->Next()) {
    if (!types->IsNull(1)) {
      CheckReference(database, "type", "parent type", types->Int(1), registry->type_count());
    }
    uint32_t id = registry->AddType({.name = types->Text(3),
                                     .alias = types->Text(4),
                                     .kind = KindFromName(types->Text(2)),
                                     .parent = IdOrNone(*types, 1, kNoParent),
                                     .start_type = IdOrNone(*types, 5, -1),
                                     .end_type = IdOrNone(*types, 6, -1)});
    CheckId(database, "type", types->Int(0), id);
  }
  auto values =
      select("SELECT id, type_id, name, alias, color FROM value WHERE trace_id = $1 ORDER BY id");
  while (values->Next()) {
    CheckReference(database, "value", "type", values->Int(1), registry->type_count());
    uint32_t id = AddValue(registry, {.name = values->Text(2),
                                      .alias = values->Text(3),
                                      .type = Id(*values, 1),
                                      .color = values->Text(4)});
    CheckId(database, "value", values->Int(0), id);
  }
  auto containers = select(
      "SELECT id, parent_id, type_id, name, alias, start_time FROM container "
      "WHERE trace_id = $1 AND id > 0 ORDER BY id");
  while (containers->Next()) {
    CheckReference(database, "container", "type", containers->Int(2), registry->type_count());
    if (!containers->IsNull(1)) {
      CheckReference(database, "container", "parent container", containers->Int(1),
                     registry->container_count());
    }
    uint32_t id = registry->AddContainer({.name = containers->Text(3),
                                          .alias = containers->Text(4),
                                          .type = Id(*containers, 2),
                                          .parent = IdOrNone(*containers, 1, kNoParent),
                                          .start = containers->Double(5)});
    CheckId(database, "container", containers->Int(0), id);
  }
}

namespace {

// Stored ids, checked against what the registry holds before anything
// indexes by them: a database edited by hand must give an error, not a crash.
struct Refs {
  const std::string& database;
  const Registry& registry;
  uint32_t Get(const RowCursor& s, int column, size_t limit, const char* what) const {
    int64_t id = s.Int(column);
    if (s.IsNull(column) || id < 0 || static_cast<size_t>(id) >= limit) {
      throw DbError(database, std::string("a row names ") + what + " " + std::to_string(id) +
                                  ", which the trace lacks");
    }
    return static_cast<uint32_t>(id);
  }
  uint32_t Container(const RowCursor& s, int c) const {
    return Get(s, c, registry.container_count(), "container");
  }
  uint32_t Type(const RowCursor& s, int c) const {
    return Get(s, c, registry.type_count(), "type");
  }
  uint32_t Value(const RowCursor& s, int c) const {
    return Get(s, c, registry.value_count(), "value");
  }
  int64_t OptionalContainer(const RowCursor& s, int c) const {
    return s.IsNull(c) ? kNoContainer : Container(s, c);
  }
  // An event's value id, or kNumberValue: NULL, the number in column n.
  uint32_t EventValue(const RowCursor& s, int c, int n) const {
    if (!s.IsNull(c)) return Value(s, c);
    if (s.IsNull(n)) throw DbError(database, "an event row has neither value_id nor number");
    return kNumberValue;
  }
};

std::optional<int64_t> OptionalInt(const RowCursor& s, int column) {
  if (s.IsNull(column)) return std::nullopt;
  return s.Int(column);
}

// The condition that picks the trace's rows of `table`.
std::string Where(const StoredRead& read, const char* table) {
  return TraceRowsWhere(read.dialect, read.select, table);
}

// The next row, unless another reader failed (`stop`): then StoppedRead.
bool NextRow(const StoredRead& read, RowCursor& rows) {
  if (read.stop != nullptr && read.stop->load(std::memory_order_relaxed)) throw StoppedRead{};
  return rows.Next();
}

void ReadContainers(const StoredRead& read, const Refs& ref) {
  auto containers = read.select(
      "SELECT id, start_time, end_time, extra FROM container WHERE trace_id = $1 ORDER BY id");
  while (NextRow(read, *containers)) {
    read.sink->OnContainer({.id = ref.Container(*containers, 0),
                            .start = containers->Double(1),
                            .end = containers->Double(2),
                            .extras = ReadExtras(*containers, 3)});
  }
}

void ReadStates(const StoredRead& read, const Refs& ref) {
  auto states = read.select(
      "SELECT container_id, type_id, value_id, start_time, end_time, depth, "
      "extra FROM state WHERE " +
      Where(read, "state"));
  while (NextRow(read, *states)) {
    read.sink->OnState({.container = ref.Container(*states, 0),
                        .type = ref.Type(*states, 1),
                        .value = ref.Value(*states, 2),
                        .start = states->Double(3),
                        .end = states->Double(4),
                        .depth = Id(*states, 5),
                        .extras = ReadExtras(*states, 6)});
  }
}

void ReadEvents(const StoredRead& read, const Refs& ref) {
  auto events =
      read.select("SELECT container_id, type_id, value_id, time, extra, number FROM event WHERE " +
                  Where(read, "event"));
  while (NextRow(read, *events)) {
    read.sink->OnEvent({.container = ref.Container(*events, 0),
                        .type = ref.Type(*events, 1),
                        .value = ref.EventValue(*events, 2, 5),
                        .time = events->Double(3),
                        .extras = ReadExtras(*events, 4),
                        .number = events->Int(5)});
  }
}

void ReadVariables(const StoredRead& read, const Refs& ref) {
  auto variables = read.select(
      "SELECT container_id, type_id, start_time, end_time, value, extra "
      "FROM variable WHERE " +
      Where(read, "variable"));
  while (NextRow(read, *variables)) {
    read.sink->OnVariable({.container = ref.Container(*variables, 0),
                           .type = ref.Type(*variables, 1),
                           .start = variables->Double(2),
                           .end = variables->Double(3),
                           .value = variables->Double(4),
                           .extras = ReadExtras(*variables, 5)});
  }
}

void ReadLinks(const StoredRead& read, const Refs& ref) {
  auto links = read.select(
      "SELECT container_id, type_id, value_id, key, start_container_id, "
      "end_container_id, start_time, end_time, extra, size, tag FROM link WHERE " +
      Where(read, "link"));
  while (NextRow(read, *links)) {
    read.sink->OnLink({.container = ref.Container(*links, 0),
                       .type = ref.Type(*links, 1),
                       .value = ref.Value(*links, 2),
                       .start = links->Double(6),
                       .end = links->Double(7),
                       .start_container = ref.OptionalContainer(*links, 4),
                       .end_container = ref.OptionalContainer(*links, 5),
                       .key = links->Text(3),
                       .extras = ReadExtras(*links, 8),
                       .size = OptionalInt(*links, 9),
                       .tag = OptionalInt(*links, 10)});
  }
}

// By part number (kStoredRowParts): the biggest tables of the bench traces
// first, so that readers taking the next part end close together.
constexpr void (*kParts[kStoredRowParts])(const StoredRead&, const Refs&) = {
    ReadStates, ReadVariables, ReadLinks, ReadEvents, ReadContainers};

}  // namespace

void ReadStoredPart(const StoredRead& read, int part) {
  kParts[part](read, Refs{read.database, read.registry});
}

void ReadStoredRows(const std::string& database, SqlDialect dialect, const SelectRows& select,
                    Registry* registry, EntitySink* sink) {
  ReadStoredRegistry(database, select, registry);
  StoredRead read{database, dialect, select, *registry, sink};
  Refs ref{database, *registry};
  for (auto* part : {ReadContainers, ReadStates, ReadEvents, ReadVariables, ReadLinks}) {
    part(read, ref);
  }
}

void ReadTrace(TraceReader& reader, int64_t id, Registry* registry, EntitySink* sink) {
  reader.ReadComplete(id, [&](const SelectRows& select) {
    ReadStoredRows(reader.name(), reader.dialect(), select, registry, sink);
  });
}

}  // namespace tracedb
