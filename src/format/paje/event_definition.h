// EventDefinition: what one %EventDef block says (event kind, field order),
// and DefinitionTable, the id -> definition map the body parser reads.
//
// Threading: a DefinitionTable is immutable once published. The header
// parser publishes a new table (a copy plus the new definition) for every
// %EndEventDef, so parser workers can keep reading the snapshot they hold.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/paje_event.h"
#include "sim/name_index.h"

namespace tracedb::paje {

// Token positions are stored in bytes (model/paje_event.h, FieldLayout).
inline constexpr size_t kMaxFieldsPerDefinition = 127;

struct EventDefinition {
  std::string id;
  EventKind kind;
  std::vector<Field> fields;  // one per token after the id, in order
  std::vector<std::string> extra_names;  // names of the kExtra fields, in order
  std::vector<FieldType> extra_types;    // what their declared types make of them, in order
  int extra_count = 0;                   // how many of them are user-defined
  FieldLayout layout;                    // filled by DefinitionTable::With
  uint64_t line = 0;                     // where the %EventDef began
};

std::optional<EventKind> EventKindFromName(std::string_view name);
std::string_view EventKindName(EventKind kind);
// Field names, old (2003) synonyms included; anything else is a user field.
Field FieldFromName(std::string_view name);
bool IsKnownFieldType(std::string_view type);
// What a known declared type makes of a user field's value: int, double,
// float and date are numbers, hex, string and color text.
FieldType UserFieldType(std::string_view type);

class DefinitionTable {
 public:
  const EventDefinition* Find(std::string_view id) const {
    unsigned small = 0;
    if (ParseSmall(id, &small)) return by_small_id_[small].get();
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second.get();
  }
  // Returns a new table holding this one's definitions plus `def`.
  std::shared_ptr<const DefinitionTable> With(EventDefinition def) const;

 private:
  static constexpr unsigned kSmallIds = 256;
  // Short decimal ids ("0" .. "255", no leading zeros) are nearly all ids in
  // real traces: an array lookup beats hashing on the per-line path.
  static bool ParseSmall(std::string_view id, unsigned* out) {
    if (id.empty() || id.size() > 3 || (id.size() > 1 && id[0] == '0')) return false;
    unsigned v = 0;
    for (char c : id) {
      if (c < '0' || c > '9') return false;
      v = v * 10 + static_cast<unsigned>(c - '0');
    }
    if (v >= kSmallIds) return false;
    *out = v;
    return true;
  }

  std::array<std::shared_ptr<const EventDefinition>, kSmallIds> by_small_id_{};
  std::unordered_map<std::string, std::shared_ptr<const EventDefinition>, StringViewHash,
                     std::equal_to<>>
      by_id_;
};

}  // namespace tracedb::paje
