// Event: one body line of a Pajé trace, decoded against its %EventDef.
// The contract between the parser (which fills it) and the simulator (which
// replays it). Events are plain data; their string_views point into the
// text of the block they were parsed from, or into the UTF-8 form of the
// tokens that were not UTF-8 (model/latin1_text.h); the EventBatch owns both.
//
// An EventBatch is filled on one thread (a parser worker), then moved whole
// to the simulator's; the FieldLayouts it points to are the definitions',
// immutable and shared by every thread.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/entity.h"

namespace tracedb {

enum class EventKind : uint8_t {
  kDefineContainerType,
  kDefineStateType,
  kDefineEventType,
  kDefineVariableType,
  kDefineLinkType,
  kDefineEntityValue,
  kCreateContainer,
  kDestroyContainer,
  kSetState,
  kPushState,
  kPopState,
  kResetState,
  kNewEvent,
  kSetVariable,
  kAddVariable,
  kSubVariable,
  kStartLink,
  kEndLink,
  kTraceFile,
};
inline constexpr int kEventKindCount = 19;

// The fields the simulator understands. Old (2003) names map onto these.
enum class Field : uint8_t {
  kTime,
  kName,
  kAlias,
  kType,
  kContainer,
  kStartContainerType,
  kEndContainerType,
  kStartContainer,
  kEndContainer,
  kValue,
  kKey,
  kColor,
  kLine,
  kFile,
  kFilename,
  kExtra,  // a user-defined field: kept with the entity, never interpreted
};
inline constexpr int kKnownFieldCount = 15;

// Where each field of a definition sits among a line's tokens (token 0 is
// the event id). Built once per %EventDef, shared by all its events.
struct FieldLayout {
  std::array<int8_t, kKnownFieldCount> position;  // -1: not in the definition
  std::vector<uint8_t> extras;                    // positions of user-defined fields, in order
  std::vector<std::string> extra_names;           // their names, in the same order
  std::vector<FieldType> extra_types;             // what their declared types make of them
  FieldLayout() { position.fill(-1); }
};

inline constexpr uint32_t kUnresolved = UINT32_MAX;

// Compact on purpose (72 bytes): a block holds one per line, and the parser
// workers write and the simulator reads hundreds of thousands of them.
struct Event {
  EventKind kind;
  bool has_time = false;
  uint64_t line = 0;  // 1-based line number in the file
  double time = 0;
  double number = 0;  // the Value of Set/Add/SubVariable
  const FieldLayout* layout = nullptr;
  const std::string_view* tokens = nullptr;  // set once the batch's token list stops growing
  uint32_t token_offset = 0;                 // where this line's tokens start in that list
  // Registry ids a parser worker already found for the Container, Type,
  // Value and Start/EndContainer fields (sim/name_snapshot.h); the simulator
  // looks up only what is kUnresolved.
  uint32_t container_id = kUnresolved;
  uint32_t type_id = kUnresolved;
  uint32_t value_id = kUnresolved;
  uint32_t link_end_id = kUnresolved;

  std::string_view Get(Field f) const {
    int pos = layout->position[static_cast<int>(f)];
    return pos < 0 ? std::string_view() : tokens[pos];
  }
  bool Has(Field f) const { return layout->position[static_cast<int>(f)] >= 0; }
  // The registry id a parser found for field `f` (sim/name_snapshot.h), or
  // kUnresolved.
  uint32_t PreResolved(Field f) const {
    switch (f) {
      case Field::kContainer:
        return container_id;
      case Field::kType:
        return type_id;
      case Field::kStartContainer:
      case Field::kEndContainer:
        return link_end_id;
      default:
        return kUnresolved;
    }
  }
  size_t extra_count() const { return layout->extras.size(); }
  std::string_view extra(size_t i) const { return tokens[layout->extras[i]]; }
  std::string_view extra_name(size_t i) const { return layout->extra_names[i]; }
  FieldType extra_type(size_t i) const { return layout->extra_types[i]; }
};

// A run of consecutive events with the storage their views point into.
struct EventBatch {
  std::shared_ptr<const std::string> text;
  std::vector<Event> events;
  std::vector<std::string_view> tokens;
  std::deque<std::string> recoded;  // tokens read as Latin-1, made UTF-8
};

}  // namespace tracedb
