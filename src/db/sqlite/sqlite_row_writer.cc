#include "db/sqlite/sqlite_row_writer.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <optional>
#include <type_traits>

#include "db/container_order.h"
#include "db/crash_point.h"
#include "model/duration_class.h"

namespace tracedb {
namespace {

constexpr int kMultiRows = 64;
constexpr size_t kPrefetch = 16;  // records ahead

// "INSERT INTO main.value (trace_id,id,...) VALUES (3,?,...),(3,?,...)":
// the trace id, when the table has one, is written in, not bound.
std::string InsertSql(const SqliteRowTarget& target, const char* table, const char* columns,
                      int count, int rows) {
  std::string row = target.trace_id ? "(" + std::to_string(*target.trace_id) + ",?" : "(?";
  for (int i = 1; i < count; ++i) row += ",?";
  row += ")";
  std::string sql = "INSERT INTO " + target.schema + "." + table + " (" +
                    (target.trace_id ? "trace_id," : "") + columns + ") VALUES " + row;
  for (int r = 1; r < rows; ++r) sql += "," + row;
  return sql;
}

// Binds one row's values in order, from a running parameter index.
class Binder {
 public:
  Binder(SqliteStatement& statement, int first) : statement_(statement), next_(first) {}
  Binder& Int(int64_t v) {
    statement_.BindInt(next_++, v);
    return *this;
  }
  Binder& Real(double v) {
    statement_.BindDouble(next_++, v);
    return *this;
  }
  // The batch outlives the statement's runs (Insert clears the bindings).
  Binder& Text(std::string_view v) {
    statement_.BindTextUncopied(next_++, v);
    return *this;
  }
  // Empty text and negative ids mean "none": SQL NULL.
  Binder& TextOrNull(std::string_view v) {
    v.empty() ? statement_.BindNull(next_++) : statement_.BindTextUncopied(next_++, v);
    return *this;
  }
  Binder& IdOrNull(int64_t v) {
    v < 0 ? statement_.BindNull(next_++) : statement_.BindInt(next_++, v);
    return *this;
  }
  Binder& RealOrNull(double v) {  // NaN: none
    v != v ? statement_.BindNull(next_++) : statement_.BindDouble(next_++, v);
    return *this;
  }
  Binder& IntOrNull(std::optional<int64_t> v) {
    v ? statement_.BindInt(next_++, *v) : statement_.BindNull(next_++);
    return *this;
  }

 private:
  SqliteStatement& statement_;
  int next_;
};

// The time a container's rows are ordered by in the archive's index; a
// missing one (NaN, stored as NULL) first, as the index has NULL.
double SortTime(double time) {
  return time != time ? -std::numeric_limits<double>::infinity() : time;
}
double SortTime(const StateRecord& r) { return SortTime(r.start); }
double SortTime(const EventRecord& r) { return SortTime(r.time); }
double SortTime(const VariableRecord& r) { return SortTime(r.start); }
double SortTime(const LinkRecord& r) { return SortTime(r.start); }

// Sorts each container's positions in `order` (grouped by container) by
// time, keeping the order of equal times. Mostly sorted already: a state
// is written when it ends, after the states nested in it.
template <typename Record>
void SortByTime(const std::vector<Record>& records, std::vector<uint32_t>& order) {
  auto by_time = [&records](uint32_t a, uint32_t b) {
    return SortTime(records[a]) < SortTime(records[b]);
  };
  for (size_t from = 0; from < order.size();) {
    size_t to = from + 1;
    while (to < order.size() && records[order[to]].container == records[order[from]].container) {
      ++to;
    }
    if (!std::is_sorted(order.begin() + from, order.begin() + to, by_time)) {
      std::stable_sort(order.begin() + from, order.begin() + to, by_time);
    }
    from = to;
  }
}

}  // namespace

SqliteRowWriter::Table::Table(SqliteConnection& connection, const SqliteRowTarget& target,
                              const char* name, const char* columns, int count)
    : connection(connection),
      many_sql(InsertSql(target, name, columns, count, kMultiRows)),
      one(connection.Prepare(InsertSql(target, name, columns, count, 1))),
      columns(count) {}

SqliteStatement& SqliteRowWriter::Table::Many() {
  if (!many) many.emplace(connection.Prepare(many_sql));
  return *many;
}

SqliteRowWriter::SqliteRowWriter(SqliteConnection& connection, const SqliteRowTarget& target)
    : connection_(connection),
      share_(target.share),
      runs_(target.runs),
      types_(connection, target, "type", "id,parent_id,kind,name,alias,start_type_id,end_type_id",
             7),
      values_(connection, target, "value", "id,type_id,name,alias,color", 5),
      containers_(connection, target, "container",
                  "id,parent_id,type_id,name,alias,start_time,end_time,extra,path", 9),
      states_(connection, target, "state",
              "container_id,type_id,value_id,start_time,end_time,depth,extra,duration_class,"
              "long_state,parent_start",
              10),
      events_(connection, target, "event", "container_id,type_id,value_id,time,extra,number", 6),
      variables_(connection, target, "variable",
                 "container_id,type_id,start_time,end_time,value,extra", 6),
      links_(connection, target, "link",
             "container_id,type_id,value_id,key,start_container_id,end_container_id,"
             "start_time,end_time,extra,size,tag",
             11),
      state_summaries_(connection, target, "state_summary",
                       "container_id,type_id,value_id,count,inclusive_seconds,exclusive_seconds,"
                       "min_seconds,max_seconds",
                       8),
      event_summaries_(connection, target, "event_summary", "container_id,type_id,value_id,count",
                       4),
      variable_summaries_(connection, target, "variable_summary",
                          "container_id,type_id,count,min,max,time_weighted_mean,start_time,"
                          "end_time",
                          8),
      link_summaries_(connection, target, "link_summary",
                      "type_id,start_container_id,end_container_id,messages,bytes,seconds", 6),
      profile_(connection, target, "state_profile",
               "type_id,value_id,bin,bin_start,bin_end,seconds", 6),
      durations_(connection, target, "state_duration",
                 "duration_class,count,min_seconds,max_seconds,seconds,short_max_seconds", 6),
      call_paths_(connection, target, "call_path",
                  "path_id,parent_id,container_id,type_id,value_id,depth,count,inclusive_seconds,"
                  "exclusive_seconds",
                  9) {}

// Rows go in container order (db/container_order.h), and in a scratch part
// each container's entity rows in time order too: each batch is then a run
// in the archive's index order, which the publish merges with the others
// (db/sqlite/staged/run_merger.h). Only the rows of `share` are in the order.
template <typename Record>
void SqliteRowWriter::IndexOrder(const std::vector<Record>& records) {
  const RowShare share = share_;
  order_.clear();
  if constexpr (requires(const Record& r) { r.container; }) {
    ContainerOrder(
        records, [share](int64_t container) { return container % share.parts == share.part; },
        order_, order_scratch_);
    if constexpr (requires(const Record& r) { SortTime(r); }) {
      if (runs_ != nullptr) SortByTime(records, order_);
    }
  } else if constexpr (std::is_same_v<Record, ValueRecord>) {
    // Paraver traces have millions of values (counters): shared out too.
    for (uint32_t i = 0; i < records.size(); ++i) {
      if (records[i].id % share.parts == share.part) order_.push_back(i);
    }
  } else if (share.part == 0) {
    order_.resize(records.size());
    std::iota(order_.begin(), order_.end(), 0u);
  }
}

template <typename Record, typename Bind>
size_t SqliteRowWriter::Insert(Table& table, const std::vector<Record>& records, Bind bind) {
  IndexOrder(records);
  const std::vector<uint32_t>& order = order_;
  size_t i = 0;
  for (; i + kMultiRows <= order.size(); i += kMultiRows) {
    SqliteStatement& many = table.Many();
    for (int r = 0; r < kMultiRows; ++r) {
      // In sorted order the records are read at random: ask for them early.
      if (i + r + kPrefetch < order.size()) {
        __builtin_prefetch(&records[order[i + r + kPrefetch]]);
      }
      Binder binder(many, 1 + r * table.columns);
      bind(binder, records[order[i + r]]);
    }
    many.Step();
    many.Reset();
  }
  for (; i < order.size(); ++i) {
    Binder binder(table.one, 1);
    bind(binder, records[order[i]]);
    table.one.Step();
    table.one.Reset();
  }
  if (table.many) table.many->ClearBindings();  // no text of this batch stays bound
  table.one.ClearBindings();
  return order.size();
}

void SqliteRowWriter::EndRun(size_t table, size_t rows) {
  if (runs_ != nullptr && rows > 0) runs_->ends[table].push_back(connection_.LastInsertId());
}

void SqliteRowWriter::Write(const RowBatch& batch) {
  // Deferred, not IMMEDIATE: the first insert locks only the file it writes.
  connection_.Exec("BEGIN");
  try {
    Append(batch);
  } catch (...) {
    connection_.Rollback();
    throw;
  }
  connection_.Exec("COMMIT");
  CrashPoint("batch", ++batches_written_);
}

void SqliteRowWriter::Append(const RowBatch& batch) {
  Insert(types_, batch.types, [](Binder& b, const TypeRecord& r) {
    b.Int(r.id).IdOrNull(r.parent).Text(r.kind).Text(r.name).TextOrNull(r.alias);
    b.IdOrNull(r.start_type).IdOrNull(r.end_type);
  });
  Insert(values_, batch.values, [](Binder& b, const ValueRecord& r) {
    b.Int(r.id).Int(r.type).Text(r.name).TextOrNull(r.alias).TextOrNull(r.color);
  });
  Insert(containers_, batch.containers, [&batch](Binder& b, const ContainerRecord& r) {
    b.Int(r.id).IdOrNull(r.parent).Int(r.type).Text(r.name).TextOrNull(r.alias);
    b.Real(r.start).Real(r.end).TextOrNull(batch.Text(r.extra)).TextOrNull(r.path);
  });
  // In kRunTables' order.
  EndRun(0, Insert(states_, batch.states, [&batch](Binder& b, const StateRecord& r) {
    b.Int(r.container).Int(r.type).Int(r.value).Real(r.start).Real(r.end).Int(r.depth);
    b.TextOrNull(batch.Text(r.extra)).Int(DurationClass(r.start, r.end)).Int(r.long_state ? 1 : 0);
    b.RealOrNull(r.parent_start);
  }));
  EndRun(1, Insert(events_, batch.events, [&batch](Binder& b, const EventRecord& r) {
    b.Int(r.container).Int(r.type).IdOrNull(r.value).Real(r.time).TextOrNull(batch.Text(r.extra));
    b.IntOrNull(r.number);
  }));
  EndRun(2, Insert(variables_, batch.variables, [&batch](Binder& b, const VariableRecord& r) {
    b.Int(r.container).Int(r.type).Real(r.start).Real(r.end).Real(r.value);
    b.TextOrNull(batch.Text(r.extra));
  }));
  EndRun(3, Insert(links_, batch.links, [&batch](Binder& b, const LinkRecord& r) {
    b.Int(r.container).Int(r.type).Int(r.value).Text(batch.Text(r.key));
    b.IdOrNull(r.start_container).IdOrNull(r.end_container).Real(r.start).Real(r.end);
    b.TextOrNull(batch.Text(r.extra)).IntOrNull(r.size()).IntOrNull(r.tag());
  }));
  InsertSummaries(batch);
}

void SqliteRowWriter::InsertSummaries(const RowBatch& batch) {
  Insert(state_summaries_, batch.state_summaries, [](Binder& b, const StateSummaryRecord& r) {
    b.Int(r.container).Int(r.type).Int(r.value).Int(r.count);
    b.Real(r.inclusive).Real(r.exclusive).Real(r.min).Real(r.max);
  });
  Insert(event_summaries_, batch.event_summaries, [](Binder& b, const EventSummaryRecord& r) {
    b.Int(r.container).Int(r.type).IdOrNull(r.value).Int(r.count);
  });
  Insert(variable_summaries_, batch.variable_summaries,
         [](Binder& b, const VariableSummaryRecord& r) {
           b.Int(r.container).Int(r.type).Int(r.count).Real(r.min).Real(r.max);
           b.RealOrNull(r.mean).Real(r.start).Real(r.end);
         });
  Insert(link_summaries_, batch.link_summaries, [](Binder& b, const LinkSummaryRecord& r) {
    b.Int(r.type).IdOrNull(r.start_container).IdOrNull(r.end_container).Int(r.messages);
    b.IdOrNull(r.bytes).RealOrNull(r.seconds);
  });
  Insert(profile_, batch.profile, [](Binder& b, const ProfileRecord& r) {
    b.Int(r.type).Int(r.value).Int(r.bin).Real(r.bin_start).Real(r.bin_end).Real(r.seconds);
  });
  Insert(durations_, batch.durations, [](Binder& b, const DurationRecord& r) {
    b.Int(r.duration_class).Int(r.count).Real(r.min).Real(r.max).Real(r.seconds);
    b.RealOrNull(r.short_max);
  });
  Insert(call_paths_, batch.call_paths, [](Binder& b, const CallPathRecord& r) {
    b.Int(r.path).IdOrNull(r.parent == kNoPath ? -1 : int64_t{r.parent}).Int(r.container);
    b.Int(r.type).IdOrNull(r.value == kNoValue ? -1 : int64_t{r.value}).Int(r.depth);
    b.Int(r.count).Real(r.inclusive).Real(r.exclusive);
  });
}

}  // namespace tracedb
