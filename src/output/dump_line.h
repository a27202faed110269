// DumpLine: one line of pj_dump's output (paje-format.md, "pj_dump's
// output") with its names resolved to text, so that it can be spelled
// (output/dump_text.h) later and on another thread. LineMaker makes lines
// from the simulator's rows and their Registry.
//
// A line's views point into the Registry, whose names stay where they are
// for its whole life (sim/registry.h), or into the row, or into a LineStore
// holding copies: a line that outlives its row (spelled on another thread)
// must be made with a store.
//
// Threading: LineMaker runs on the simulator's thread, which grows the
// Registry. A finished line, with its store, may be read by any one thread
// once handed over through a queue.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb {

enum class DumpKind : uint8_t { kContainer, kState, kEvent, kVariable, kLink };

// A link's other fields.
struct LinkEnds {
  std::string_view start_container;
  std::string_view end_container;
  std::string_view key;
};

struct DumpLine {
  DumpKind kind;
  bool numbered = false;  // an event whose value is `integer`, not `value`
  // The entity's container; a Container line's parent (nullptr: the root,
  // spelled "0"). Read where the line is spelled: the simulator's thread
  // does not touch it.
  const ContainerInfo* container = nullptr;
  const TypeInfo* type = nullptr;
  std::string_view value;  // a Container line: its own name
  double start = 0;        // an event's time
  double end = 0;
  double number = 0;  // a state's depth, a variable's value
  int64_t integer = 0;
  const LinkEnds* link = nullptr;
  const Extras* extras = nullptr;  // nullptr without user fields
};

// Copies of what lines show and a Registry does not keep. Deques: what was
// stored stays where it is while more is added.
struct LineStore {
  std::deque<std::string> texts;
  std::deque<LinkEnds> links;
  std::deque<Extras> extras;
};

// Lines made together, with their store, to be spelled together.
struct DumpBatch {
  std::vector<DumpLine> lines;
  LineStore store;
};

class LineMaker {
 public:
  // `user_fields`: lines carry the rows' extras (pj_dump -u).
  LineMaker(const Registry& registry, bool user_fields)
      : registry_(registry), user_fields_(user_fields) {}

  // `store` nullptr: the line is spelled before the row and the next line
  // are made (its views may point into them).
  DumpLine Container(const ContainerRow& row, LineStore* store);
  DumpLine State(const StateRow& row, LineStore* store);
  DumpLine Event(const EventRow& row, LineStore* store);
  DumpLine Variable(const VariableRow& row, LineStore* store);
  DumpLine Link(const LinkRow& row, LineStore* store);

 private:
  std::string_view ContainerName(int64_t id) const;
  const ContainerInfo* Container(uint32_t id) const { return &registry_.container(id); }
  // The fields every entity's line has.
  DumpLine Entity(DumpKind kind, uint32_t container, uint32_t type, double start, double end,
                  const Extras& extras, LineStore* store) const;
  const TypeInfo* Type(uint32_t id) const { return &registry_.type(id); }
  std::string_view ValueName(uint32_t id, LineStore* store);
  const Extras* ExtrasOf(const Extras& extras, LineStore* store) const;

  const Registry& registry_;
  bool user_fields_;
  NumberDigits digits_;  // a numbered value spelled, until copied or spelled out
  LinkEnds link_;        // a link's ends without a store
};

// Inline: the serial dump makes a line and spells it at once.
inline std::string_view LineMaker::ContainerName(int64_t id) const {
  if (id == kNoContainer) return "NULL";
  return registry_.container(static_cast<uint32_t>(id)).name;
}

// A numbered value is spelled into digits_, which the next one overwrites.
inline std::string_view LineMaker::ValueName(uint32_t id, LineStore* store) {
  std::string_view name = registry_.value_name(id, digits_);
  if (store == nullptr || name.data() != digits_.data()) return name;
  return store->texts.emplace_back(name);
}

inline const Extras* LineMaker::ExtrasOf(const Extras& extras, LineStore* store) const {
  if (!user_fields_ || extras.empty()) return nullptr;
  return store == nullptr ? &extras : &store->extras.emplace_back(extras);
}

inline DumpLine LineMaker::Container(const ContainerRow& row, LineStore* store) {
  const ContainerInfo& c = registry_.container(row.id);
  return DumpLine{.kind = DumpKind::kContainer,
                  .container = c.parent < 0 ? nullptr : Container(static_cast<uint32_t>(c.parent)),
                  .type = Type(c.type),
                  .value = c.name,
                  .start = row.start,
                  .end = row.end,
                  .extras = ExtrasOf(row.extras, store)};
}

inline DumpLine LineMaker::Entity(DumpKind kind, uint32_t container, uint32_t type, double start,
                                  double end, const Extras& extras, LineStore* store) const {
  return DumpLine{.kind = kind,
                  .container = Container(container),
                  .type = Type(type),
                  .start = start,
                  .end = end,
                  .extras = ExtrasOf(extras, store)};
}

inline DumpLine LineMaker::State(const StateRow& row, LineStore* store) {
  DumpLine line =
      Entity(DumpKind::kState, row.container, row.type, row.start, row.end, row.extras, store);
  line.value = ValueName(row.value, store);
  line.number = static_cast<double>(row.depth);
  return line;
}

inline DumpLine LineMaker::Event(const EventRow& row, LineStore* store) {
  DumpLine line = Entity(DumpKind::kEvent, row.container, row.type, row.time, 0, row.extras, store);
  line.numbered = row.value == kNumberValue;
  if (line.numbered) {
    line.integer = row.number;
  } else {
    line.value = ValueName(row.value, store);
  }
  return line;
}

inline DumpLine LineMaker::Variable(const VariableRow& row, LineStore* store) {
  DumpLine line =
      Entity(DumpKind::kVariable, row.container, row.type, row.start, row.end, row.extras, store);
  line.number = row.value;
  return line;
}

inline DumpLine LineMaker::Link(const LinkRow& row, LineStore* store) {
  LinkEnds ends{.start_container = ContainerName(row.start_container),
                .end_container = ContainerName(row.end_container),
                .key = row.key};
  if (store != nullptr) ends.key = store->texts.emplace_back(row.key);
  DumpLine line =
      Entity(DumpKind::kLink, row.container, row.type, row.start, row.end, row.extras, store);
  line.value = ValueName(row.value, store);
  line.link = store == nullptr ? &(link_ = ends) : &store->links.emplace_back(ends);
  return line;
}

}  // namespace tracedb
