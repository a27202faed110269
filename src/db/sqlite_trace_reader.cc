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

// A row's user fields, from its JSON column.
Extras ReadExtras(const SqliteStatement& s, int column) {
  Extras extras;
  if (s.ColumnIsNull(column)) return extras;
  for (auto& [name, value] : JsonToFields(s.ColumnText(column))) {
    extras.push_back({std::move(name), std::move(value)});
  }
  return extras;
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

// A stored reference must name something of the trace already read before
// it is used as an index.
void CheckReference(SqliteConnection& connection, const char* table, const char* what,
                    int64_t id, size_t count) {
  if (id < 0 || static_cast<size_t>(id) >= count) {
    throw DbError(connection.path(), std::string("a ") + table + " row names " + what + " " +
                                         std::to_string(id) + ", which the trace lacks");
  }
}

void ReadRegistry(SqliteConnection& c, int64_t trace, Registry* registry) {
  auto types = Select(c,
                      "SELECT id, parent_id, kind, name, alias, start_type_id, end_type_id "
                      "FROM type WHERE trace_id = ? AND id > 0 ORDER BY id",
                      trace);
  while (types.Step()) {
    if (!types.ColumnIsNull(1)) {
      CheckReference(c, "type", "parent type", types.ColumnInt(1), registry->type_count());
    }
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
    CheckReference(c, "value", "type", values.ColumnInt(1), registry->type_count());
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
    CheckReference(c, "container", "type", containers.ColumnInt(2), registry->type_count());
    if (!containers.ColumnIsNull(1)) {
      CheckReference(c, "container", "parent container", containers.ColumnInt(1),
                     registry->container_count());
    }
    uint32_t id = registry->AddContainer({.name = containers.ColumnText(3),
                                          .alias = containers.ColumnText(4),
                                          .type = Id(containers, 2),
                                          .parent = IdOrNone(containers, 1, kNoParent),
                                          .start = containers.ColumnDouble(5)});
    CheckId(c, "container", containers.ColumnInt(0), id);
  }
}

// Stored ids, checked against what the registry holds before anything
// indexes by them: a database edited by hand must give an error, not a crash.
struct Refs {
  SqliteConnection& connection;
  const Registry& registry;
  uint32_t Get(const SqliteStatement& s, int column, size_t limit, const char* what) const {
    int64_t id = s.ColumnInt(column);
    if (s.ColumnIsNull(column) || id < 0 || static_cast<size_t>(id) >= limit) {
      throw DbError(connection.path(), std::string("a row names ") + what + " " +
                                           std::to_string(id) + ", which the trace lacks");
    }
    return static_cast<uint32_t>(id);
  }
  uint32_t Container(const SqliteStatement& s, int c) const {
    return Get(s, c, registry.container_count(), "container");
  }
  uint32_t Type(const SqliteStatement& s, int c) const {
    return Get(s, c, registry.type_count(), "type");
  }
  uint32_t Value(const SqliteStatement& s, int c) const {
    return Get(s, c, registry.value_count(), "value");
  }
  int64_t OptionalContainer(const SqliteStatement& s, int c) const {
    return s.ColumnIsNull(c) ? kNoContainer : Container(s, c);
  }
};

void ReadRows(SqliteConnection& c, int64_t trace, const Registry& registry, EntitySink* sink) {
  Refs ref{c, registry};
  auto containers = Select(
      c, "SELECT id, start_time, end_time, extra FROM container WHERE trace_id = ? ORDER BY id",
      trace);
  while (containers.Step()) {
    sink->OnContainer({.id = ref.Container(containers, 0),
                       .start = containers.ColumnDouble(1),
                       .end = containers.ColumnDouble(2),
                       .extras = ReadExtras(containers, 3)});
  }
  auto states = Select(c,
                       "SELECT container_id, type_id, value_id, start_time, end_time, depth, "
                       "extra FROM state WHERE trace_id = ?",
                       trace);
  while (states.Step()) {
    sink->OnState({.container = ref.Container(states, 0),
                   .type = ref.Type(states, 1),
                   .value = ref.Value(states, 2),
                   .start = states.ColumnDouble(3),
                   .end = states.ColumnDouble(4),
                   .depth = Id(states, 5),
                   .extras = ReadExtras(states, 6)});
  }
  auto events = Select(
      c, "SELECT container_id, type_id, value_id, time, extra FROM event WHERE trace_id = ?",
      trace);
  while (events.Step()) {
    sink->OnEvent({.container = ref.Container(events, 0),
                   .type = ref.Type(events, 1),
                   .value = ref.Value(events, 2),
                   .time = events.ColumnDouble(3),
                   .extras = ReadExtras(events, 4)});
  }
  auto variables = Select(c,
                          "SELECT container_id, type_id, start_time, end_time, value, extra "
                          "FROM variable WHERE trace_id = ?",
                          trace);
  while (variables.Step()) {
    sink->OnVariable({.container = ref.Container(variables, 0),
                      .type = ref.Type(variables, 1),
                      .start = variables.ColumnDouble(2),
                      .end = variables.ColumnDouble(3),
                      .value = variables.ColumnDouble(4),
                      .extras = ReadExtras(variables, 5)});
  }
  auto links = Select(c,
                      "SELECT container_id, type_id, value_id, key, start_container_id, "
                      "end_container_id, start_time, end_time, extra FROM link WHERE trace_id = ?",
                      trace);
  while (links.Step()) {
    sink->OnLink({.container = ref.Container(links, 0),
                  .type = ref.Type(links, 1),
                  .value = ref.Value(links, 2),
                  .start = links.ColumnDouble(6),
                  .end = links.ColumnDouble(7),
                  .start_container = ref.OptionalContainer(links, 4),
                  .end_container = ref.OptionalContainer(links, 5),
                  .key = links.ColumnText(3),
                  .extras = ReadExtras(links, 8)});
  }
}

}  // namespace

void ReadStoredTrace(SqliteConnection& connection, int64_t trace_id, Registry* registry,
                     EntitySink* sink) {
  // One read transaction: one snapshot of the database for all the queries,
  // so a delete or a --force replacement committing meanwhile cannot leave
  // us with half of the trace.
  connection.Exec("BEGIN");
  try {
    auto status = Select(connection, "SELECT status FROM trace WHERE id = ?", trace_id);
    if (!status.Step() || status.ColumnText(0) != "complete") {
      throw DbError(connection.path(), "trace " + std::to_string(trace_id) + " is not complete");
    }
    ReadRegistry(connection, trace_id, registry);
    ReadRows(connection, trace_id, *registry, sink);
  } catch (...) {
    connection.Rollback();
    throw;
  }
  connection.Exec("COMMIT");
}

}  // namespace tracedb
