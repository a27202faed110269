// Registry: the named things of one trace (types, values, containers) and
// the identifiers events use to refer to them. It only grows: ids are
// indexes, valid for the whole run, and names stay readable for sinks.
//
// Identifier rule (paje-format.md): an Alias if there is one, else the Name.
// Id 0 is the root type and the root container, both named "0".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/entity.h"
#include "sim/name_index.h"

namespace tracedb {

inline constexpr uint32_t kRoot = 0;
inline constexpr int64_t kNoParent = -1;

struct TypeInfo {
  std::string name;
  std::string alias;
  TypeKind kind;
  int64_t parent;          // kNoParent for the root type
  int64_t start_type = -1;  // link types: container types of the two ends
  int64_t end_type = -1;
};

struct ValueInfo {
  std::string name;
  std::string alias;
  uint32_t type;
  std::string color;  // as the trace wrote it; empty when none
};

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

  // A copy of the identifier indexes, for other threads to read.
  NameSnapshot Names() const { return {type_index_, value_index_, container_index_}; }

  std::optional<uint32_t> FindType(std::string_view identifier) const;
  std::optional<uint32_t> FindValue(uint32_t type, std::string_view identifier) const;
  std::optional<uint32_t> FindContainer(std::string_view identifier) const;

  uint32_t AddType(TypeInfo info);
  uint32_t AddValue(ValueInfo info);
  uint32_t AddContainer(ContainerInfo info);

  const TypeInfo& type(uint32_t id) const { return types_[id]; }
  const ValueInfo& value(uint32_t id) const { return values_[id]; }
  const ContainerInfo& container(uint32_t id) const { return containers_[id]; }
  size_t type_count() const { return types_.size(); }
  size_t value_count() const { return values_.size(); }
  size_t container_count() const { return containers_.size(); }

 private:
  std::vector<TypeInfo> types_;
  std::vector<ValueInfo> values_;
  std::vector<ContainerInfo> containers_;
  NameIndex type_index_;
  std::vector<NameIndex> value_index_;  // per type id
  NameIndex container_index_;
};

// The identifier of a named thing: its alias if it has one, else its name.
inline std::string_view IdentifierOf(std::string_view name, std::string_view alias) {
  return alias.empty() ? name : alias;
}

}  // namespace tracedb
