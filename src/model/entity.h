// The finished entities that leave the simulator, and the sink that takes
// them. Rows name types, values and containers by their registry ids; a sink
// that needs names reads them from the Registry (sim/registry.h), which only
// ever grows, so an id stays valid for the whole run.
//
// Threading: a sink is called from the simulator's thread only.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/call_paths.h"

namespace tracedb {

enum class TypeKind : uint8_t { kContainer, kState, kEvent, kVariable, kLink };

// "container", "state", ...: the words of messages and of the type.kind column.
constexpr std::string_view TypeKindName(TypeKind kind) {
  switch (kind) {
    case TypeKind::kContainer:
      return "container";
    case TypeKind::kState:
      return "state";
    case TypeKind::kEvent:
      return "event";
    case TypeKind::kVariable:
      return "variable";
    case TypeKind::kLink:
      return "link";
  }
  return "?";
}

inline constexpr int64_t kNoContainer = -1;  // a link half that never came
inline constexpr uint32_t kNoValue = UINT32_MAX;  // a bottom state has no state below it

// EventRow::value of an event whose value is a number, not a named value (a
// Paraver value that the .pcf does not label): the number is `number`.
inline constexpr uint32_t kNumberValue = UINT32_MAX;

// What a user field's declared type makes of its value in the database's
// JSON (model/extras_json.h). The value itself is always the text as
// written: that is what dumps print.
enum class FieldType : uint8_t {
  kText,    // always a JSON string (Pajé's hex, string and color)
  kNumber,  // a JSON number when its text is one exactly, null for the text
            // "null" (an OTF2 collective without a root), else a string
            // (Pajé's int, double, float and date; Paraver's and OTF2's numbers)
};

// The text of a kNumber field that the database's JSON holds as null.
inline constexpr const char* kJsonNull = "null";

// A user-defined field of an entity. Both strings are owned: entities still
// open at the end of the trace reach the sink after the reader (and its event
// definitions) is gone. Names are short, so this rarely allocates.
struct ExtraField {
  std::string name;
  std::string value;
  FieldType type = FieldType::kText;
  bool operator==(const ExtraField&) const = default;
};
using Extras = std::vector<ExtraField>;  // in definition order (a link: start's, then end's)

struct ContainerRow {
  uint32_t id;
  double start;
  double end;
  Extras extras;
};

struct StateRow {
  uint32_t container;
  uint32_t type;
  uint32_t value;
  double start;
  double end;
  uint32_t depth;
  Extras extras;
  // The value of the state this one was pushed on (kNoValue at depth 0):
  // exclusive time subtracts a state's duration from that value's.
  uint32_t parent_value = kNoValue;
  // The call path (model/call_paths.h) and the one of the state below
  // (kNoPath at depth 0), for the call-path profile; not stored.
  uint32_t path = kNoPath;
  uint32_t parent_path = kNoPath;
  // When the state below started (NaN at depth 0): state.parent_start.
  double parent_start = std::numeric_limits<double>::quiet_NaN();
};

struct EventRow {
  uint32_t container;
  uint32_t type;
  uint32_t value;  // a value id, or kNumberValue
  double time;
  Extras extras;
  int64_t number = 0;  // the value, when `value` is kNumberValue
};

struct VariableRow {
  uint32_t container;
  uint32_t type;
  double start;
  double end;
  double value;
  Extras extras;
};

struct LinkRow {
  uint32_t container;
  uint32_t type;
  uint32_t value;
  double start;
  double end;
  int64_t start_container;  // kNoContainer when unknown
  int64_t end_container;
  std::string key;
  Extras extras;
  std::optional<int64_t> size;  // the message's size and tag, when the trace gives them
  std::optional<int64_t> tag;
};

class EntitySink {
 public:
  virtual ~EntitySink() = default;
  virtual void OnContainer(const ContainerRow& row) = 0;
  virtual void OnState(const StateRow& row) = 0;
  virtual void OnEvent(const EventRow& row) = 0;
  virtual void OnVariable(const VariableRow& row) = 0;
  virtual void OnLink(const LinkRow& row) = 0;
};

}  // namespace tracedb
