#include "db/sqlite_trace_reader.h"

#include <string>
#include <utility>
#include <vector>

#include "db/db_error.h"
#include "output/json_text.h"

namespace tracedb {
namespace {

TypeKind KindFromName(const std::string& kind) {
  for (TypeKind k : {TypeKind::kState, TypeKind::kEvent, TypeKind::kVariable, TypeKind::kLink}) {
    if (kind == TypeKindName(k)) return k;
  }
  return TypeKind::kContainer;
}

int64_t IdOrNone(const SqliteStatement& s, int column, int64_t none) {
  return s.ColumnIsNull(column) ? none : s.ColumnInt(column);
}

uint32_t Id(const SqliteStatement& s, int column) {
  return static_cast<uint32_t>(s.ColumnInt(column));
}

// A row's user fields, parsed from its JSON column: owns the strings the
// Extras' names point at for as long as the row is handed on.
struct StoredExtras {
  std::vector<std::pair<std::string, std::string>> fields;
  Extras Take() {
    Extras extras;
    for (auto& [name, value] : fields) extras.push_back({name, std::move(value)});
    return extras;
  }
};

StoredExtras ReadExtras(const SqliteStatement& s, int column) {
  return StoredExtras{s.ColumnIsNull(column) ? decltype(StoredExtras::fields){}
                                             : JsonToFields(s.ColumnText(column))};
}

SqliteStatement Select(SqliteConnection& connection, const std::string& sql, int64_t trace) {
  SqliteStatement s = connection.Prepare(sql);
  s.BindInt(1, trace);
  return s;
}

// Ids come back in order and were given densely from 0 (0 being the root,
// which the Registry makes itself): a gap means the rows are not ours.
void CheckId(SqliteConnection& connection, const char* table, int64_t stored, uint32_t given) {
  if (stored != given) {
    throw DbError(connection.path(), std::string("the ") + table + " ids of this trace are not " +
                                         "contiguous (id " + std::to_string(stored) + ")");
  }
}

void ReadRegistry(SqliteConnection& c, int64_t trace, Registry* registry) {
  auto types = Select(c,
                      "SELECT id, parent_id, kind, name, alias, start_type_id, end_type_id "
                      "FROM type WHERE trace_id = ? AND id > 0 ORDER BY id",
                      trace);
  while (types.Step()) {
    uint32_t id = registry->AddType({.name = types.ColumnText(3),
                                     .alias = types.ColumnText(4),
                                     .kind = KindFromName(types.ColumnText(2)),
                                     .parent = IdOrNone(types, 1, kNoParent),
                                     .start_type = IdOrNone(types, 5, -1),
                                     .end_type = IdOrNone(types, 6, -1)});
    CheckId(c, "type", types.ColumnInt(0), id);
  }
  auto values = Select(
      c, "SELECT id, type_id, name, alias, color FROM value WHERE trace_id = ? ORDER BY id", trace);
  while (values.Step()) {
    uint32_t id = registry->AddValue({.name = values.ColumnText(2),
                                      .alias = values.ColumnText(3),
                                      .type = Id(values, 1),
                                      .color = values.ColumnText(4)});
    CheckId(c, "value", values.ColumnInt(0), id);
  }
  auto containers = Select(c,
                           "SELECT id, parent_id, type_id, name, alias, start_time FROM container "
                           "WHERE trace_id = ? AND id > 0 ORDER BY id",
                           trace);
  while (containers.Step()) {
    uint32_t id = registry->AddContainer({.name = containers.ColumnText(3),
                                          .alias = containers.ColumnText(4),
                                          .type = Id(containers, 2),
                                          .parent = IdOrNone(containers, 1, kNoParent),
                                          .start = containers.ColumnDouble(5)});
    CheckId(c, "container", containers.ColumnInt(0), id);
  }
}

void ReadRows(SqliteConnection& c, int64_t trace, EntitySink* sink) {
  auto containers = Select(
      c, "SELECT id, start_time, end_time, extra FROM container WHERE trace_id = ? ORDER BY id",
      trace);
  while (containers.Step()) {
    StoredExtras extras = ReadExtras(containers, 3);
    sink->OnContainer({.id = Id(containers, 0),
                       .start = containers.ColumnDouble(1),
                       .end = containers.ColumnDouble(2),
                       .extras = extras.Take()});
  }
  auto states = Select(c,
                       "SELECT container_id, type_id, value_id, start_time, end_time, depth, "
                       "extra FROM state WHERE trace_id = ?",
                       trace);
  while (states.Step()) {
    StoredExtras extras = ReadExtras(states, 6);
    sink->OnState({.container = Id(states, 0),
                   .type = Id(states, 1),
                   .value = Id(states, 2),
                   .start = states.ColumnDouble(3),
                   .end = states.ColumnDouble(4),
                   .depth = Id(states, 5),
                   .extras = extras.Take()});
  }
  auto events = Select(
      c, "SELECT container_id, type_id, value_id, time, extra FROM event WHERE trace_id = ?",
      trace);
  while (events.Step()) {
    StoredExtras extras = ReadExtras(events, 4);
    sink->OnEvent({.container = Id(events, 0),
                   .type = Id(events, 1),
                   .value = Id(events, 2),
                   .time = events.ColumnDouble(3),
                   .extras = extras.Take()});
  }
  auto variables = Select(c,
                          "SELECT container_id, type_id, start_time, end_time, value, extra "
                          "FROM variable WHERE trace_id = ?",
                          trace);
  while (variables.Step()) {
    StoredExtras extras = ReadExtras(variables, 5);
    sink->OnVariable({.container = Id(variables, 0),
                      .type = Id(variables, 1),
                      .start = variables.ColumnDouble(2),
                      .end = variables.ColumnDouble(3),
                      .value = variables.ColumnDouble(4),
                      .extras = extras.Take()});
  }
  auto links = Select(c,
                      "SELECT container_id, type_id, value_id, key, start_container_id, "
                      "end_container_id, start_time, end_time, extra FROM link WHERE trace_id = ?",
                      trace);
  while (links.Step()) {
    StoredExtras extras = ReadExtras(links, 8);
    sink->OnLink({.container = Id(links, 0),
                  .type = Id(links, 1),
                  .value = Id(links, 2),
                  .start = links.ColumnDouble(6),
                  .end = links.ColumnDouble(7),
                  .start_container = IdOrNone(links, 4, kNoContainer),
                  .end_container = IdOrNone(links, 5, kNoContainer),
                  .key = links.ColumnText(3),
                  .extras = extras.Take()});
  }
}

}  // namespace

void ReadStoredTrace(SqliteConnection& connection, int64_t trace_id, Registry* registry,
                     EntitySink* sink) {
  ReadRegistry(connection, trace_id, registry);
  ReadRows(connection, trace_id, sink);
}

}  // namespace tracedb
