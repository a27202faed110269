// Registry: the named things of one trace (types, values, containers) and
// the identifiers events use to refer to them. It only grows: ids are
// indexes, valid for the whole run, and names stay readable for sinks.
//
// Identifier rule (paje-format.md): an Alias if there is one, else the Name.
// Id 0 is the root type and the root container, both named "0".
//
// Numbered values are the exception to "names stay": a Paraver link's tag,
// or an event value with no .pcf label beyond 64-bit integers (others are
// EventRow::number, no value at all), is only a number, and a counter that
// wraps at 2^64 makes millions of them. They are kept as their number (16 bytes, against some 300
// for a named value and its index entry) and spelled when asked for; they have no alias or colour
// and FindValue does not see them (their maker keeps its own number -> id table). With
// KeepNumberedValues(window), even those 16 bytes stop growing: only named values, the newest
// `window` value ids and the pinned numbered values stay readable, so their maker pins those it may
// reuse and sinks read a value soon after it is made (sink/batching_sink.h).
//
// Not thread-safe: the thread that replays the trace grows it, and its sinks
// read it there. Other threads see only Names()'s copies
// (sim/name_snapshot.h), rows with names copied (the writer thread), or
// views of names taken on this thread: a type's, a named value's or a
// container's name stays at its address for the registry's whole life, so
// such a view may be read on another thread while the registry grows
// (output/dump_line.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/chunked_vector.h"
#include "model/entity.h"
#include "sim/name_index.h"

namespace tracedb {

inline constexpr uint32_t kRoot = 0;
inline constexpr int64_t kNoParent = -1;

struct TypeInfo {
  std::string name;
  std::string alias;
  TypeKind kind;
  int64_t parent;           // kNoParent for the root type
  int64_t start_type = -1;  // link types: container types of the two ends
  int64_t end_type = -1;
};

struct ValueInfo {
  std::string name;
  std::string alias;
  uint32_t type;
  std::string color;  // as the trace wrote it; empty when none
};

// Room to spell a numbered value: "-" and up to 20 digits.
using NumberDigits = std::array<char, 24>;

struct ContainerInfo {
  std::string name;
  std::string alias;
  uint32_t type;
  int64_t parent;  // kNoParent for the root
  double start;
};

// Frozen copies of a Registry's identifier indexes (see sim/name_snapshot.h).
struct NameSnapshot {
  NameIndex types;
  std::vector<NameIndex> values;  // per type id
  NameIndex containers;
};

class Registry {
 public:
  Registry();

  // A copy of the identifier indexes, for other threads to read; a type's
  // values only while it has at most `max_values` (left empty past that).
  NameSnapshot Names(size_t max_values = SIZE_MAX) const;

  [[gnu::always_inline]] std::optional<uint32_t> FindType(std::string_view identifier) const {
    return type_index_.Find(identifier);
  }
  // FindValue's id, NameIndex::kNone when there is none.
  uint32_t ValueIdOf(uint32_t type, std::string_view identifier) const {
    return value_index_[type].IdOf(identifier);
  }
  [[gnu::always_inline]] std::optional<uint32_t> FindValue(uint32_t type,
                                                           std::string_view identifier) const {
    return value_index_[type].Find(identifier);
  }
  [[gnu::always_inline]] std::optional<uint32_t> FindContainer(std::string_view identifier) const {
    return container_index_.Find(identifier);
  }

  uint32_t AddType(TypeInfo info);
  uint32_t AddValue(ValueInfo info);
  // A value named by its decimal number, "-" first when `negative`.
  uint32_t AddNumberedValue(uint32_t type, bool negative, uint64_t magnitude);
  // From now on, a numbered value stays readable while it is among the
  // newest `window` value ids (a power of two), or once pinned.
  void KeepNumberedValues(size_t window);
  // Keeps numbered value `id` readable until Unpin. False if it is
  // forgotten already.
  bool Pin(uint32_t id);
  void Unpin(uint32_t id);
  uint32_t AddContainer(ContainerInfo info);

  const TypeInfo& type(uint32_t id) const { return types_[id]; }
  // A copy: numbered values have no ValueInfo of their own.
  ValueInfo value(uint32_t id) const;
  // The name alone, without copying; a numbered value's is spelled into
  // `digits`, which must outlive the view.
  std::string_view value_name(uint32_t id, NumberDigits& digits) const;
  const ContainerInfo& container(uint32_t id) const { return containers_[id]; }
  size_t type_count() const { return types_.size(); }
  size_t value_count() const { return value_count_; }
  size_t container_count() const { return containers_.size(); }

 private:
  // An entry never moves, so views of its names stay valid while the
  // registry grows (sinks hand them to other threads).
  ChunkedVector<TypeInfo> types_;
  // One slot per value id: a named value's index in named_values_, or a
  // numbered value's number.
  struct ValueSlot {
    uint64_t number;
    uint32_t type;
    enum class Kind : uint8_t { kNamed, kPositive, kNegative } kind;
    bool pinned = false;
  };
  const ValueSlot& Slot(uint32_t id) const;
  bool InWindow(uint32_t id) const;  // among the newest window ids (with a window)
  void AddSlot(ValueSlot slot);

  // By id; with a window, a ring of the newest `window` ids (id & mask), and
  // the named and pinned values that left it are in kept_.
  std::vector<ValueSlot> values_;
  size_t value_count_ = 0;
  size_t window_mask_ = 0;  // 0: no window, every id has its slot
  std::unordered_map<uint32_t, ValueSlot> kept_;
  ChunkedVector<ValueInfo> named_values_;
  ChunkedVector<ContainerInfo> containers_;
  NameIndex type_index_;
  std::vector<NameIndex> value_index_;  // per type id
  NameIndex container_index_;
};

// The identifier of a named thing: its alias if it has one, else its name.
inline std::string_view IdentifierOf(std::string_view name, std::string_view alias) {
  return alias.empty() ? name : alias;
}

}  // namespace tracedb
