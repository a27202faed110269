#include "db/trace_lookup.h"

#include <algorithm>
#include <charconv>

#include "db/db_error.h"
#include "db/trace_columns.h"
#include "model/latin1_text.h"

namespace tracedb {
namespace {

constexpr std::string_view kIdPrefix = "id:";
constexpr std::string_view kNamePrefix = "name:";

// "12": the trace with that id; nullopt for anything else (no trace can
// have an id too large for int64).
std::optional<TraceRecord> ById(const TraceLookup& lookup, std::string_view text) {
  if (!IsAllDigits(text)) return std::nullopt;
  int64_t id = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc()) return std::nullopt;
  return lookup.by_id(id);
}

// The traces of that name. A failed load (kept to say what went wrong) or a
// trace being deleted (its rows going in the background) counts only when
// no complete or loading trace has the name: `delete x; ingest x; report x`
// must not find x ambiguous while the old x's rows go, nor must two failed
// ingests of x before a good one. Among such leftovers alone, a failed
// trace goes before one being deleted.
std::vector<TraceRecord> Named(const TraceLookup& lookup, const std::string& name) {
  std::vector<TraceRecord> records = lookup.by_name(name);
  auto deleting = [](const TraceRecord& r) { return r.status == TraceStatus::kDeleting; };
  auto leftover = [&](const TraceRecord& r) {
    return deleting(r) || r.status == TraceStatus::kFailed;
  };
  if (!std::all_of(records.begin(), records.end(), leftover)) {
    std::erase_if(records, leftover);
  } else if (!std::all_of(records.begin(), records.end(), deleting)) {
    std::erase_if(records, deleting);
  }
  return records;
}

std::optional<TraceRecord> ByName(const TraceLookup& lookup, std::string_view name,
                                  const std::string& database) {
  // Stored names are UTF-8 (model/latin1_text.h): so is the one looked for.
  std::vector<TraceRecord> records = Named(lookup, Latin1AsUtf8(name));
  if (records.empty()) return std::nullopt;
  if (records.size() == 1) return records.front();
  throw DbError(database, "trace name \"" + std::string(name) +
                              "\" is ambiguous: " + ListIds(records) + "; use an id");
}

// "trace 2 (complete)" or "traces 2 (complete), 4 (failed)".
std::string TracesNamed(const std::vector<TraceRecord>& records) {
  std::string text = records.size() == 1 ? "trace " : "traces ";
  for (size_t i = 0; i < records.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(records[i].id) + " (" + std::string(StatusName(records[i].status)) + ")";
  }
  return text;
}

}  // namespace

std::optional<TraceRecord> FindTraceBySpec(std::string_view spec, const TraceLookup& lookup,
                                           const std::string& database) {
  if (spec.starts_with(kIdPrefix)) return ById(lookup, spec.substr(kIdPrefix.size()));
  if (spec.starts_with(kNamePrefix)) {
    return ByName(lookup, spec.substr(kNamePrefix.size()), database);
  }
  if (!IsAllDigits(spec)) return ByName(lookup, spec, database);
  std::optional<TraceRecord> by_id = ById(lookup, spec);
  if (!by_id) return ByName(lookup, spec, database);
  std::vector<TraceRecord> named = Named(lookup, std::string(spec));
  std::erase_if(named, [&](const TraceRecord& r) {
    return r.id == by_id->id || r.status == TraceStatus::kDeleting;
  });
  if (named.empty()) return by_id;
  std::string text(spec);
  throw DbError(database, "\"" + text + "\" is both the id of trace " + std::to_string(by_id->id) +
                              " (" + by_id->info.name + ") and the name of " + TracesNamed(named) +
                              "; say id:" + text + " or name:" + text);
}

}  // namespace tracedb
