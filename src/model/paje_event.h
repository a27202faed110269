// Event: one body line of a Pajé trace, decoded against its %EventDef.
// The contract between the parser (which fills it) and the simulator (which
// replays it). Events are plain data; their string_views point into the
// text of the block they were parsed from, which the EventBatch owns.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

struct Event {
  EventKind kind;
  bool has_time = false;
  uint64_t line = 0;  // 1-based line number in the file
  double time = 0;
  double number = 0;  // the Value of Set/Add/SubVariable
  std::array<std::string_view, kKnownFieldCount> fields{};
  std::array<bool, kKnownFieldCount> present{};
  std::span<const std::string_view> extras;  // user-defined fields, in definition order
  uint32_t extra_offset = 0;  // where extras start in the batch's list, until the span is set

  std::string_view Get(Field f) const { return fields[static_cast<int>(f)]; }
  bool Has(Field f) const { return present[static_cast<int>(f)]; }
};

// A run of consecutive events with the storage their views point into.
struct EventBatch {
  std::shared_ptr<const std::string> text;
  std::vector<Event> events;
  std::vector<std::string_view> extras;
};

}  // namespace tracedb
