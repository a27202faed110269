// TypeCache: the entity types and values an OTF2 read makes as it first
// needs them: a type of one name per parent container type ("Region" under
// "thread"), a value of one name per type. The registry's own indexes find
// names across all parents, which two "Region" types share.
//
// Plain data; the reading thread.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "sim/registry.h"

namespace tracedb::otf2 {

class TypeCache {
 public:
  explicit TypeCache(Registry* registry) : registry_(registry) {}

  uint32_t Type(const std::string& name, TypeKind kind, uint32_t parent_type) {
    auto key = std::make_pair(name, parent_type);
    if (auto found = types_.find(key); found != types_.end()) return found->second;
    uint32_t id = registry_->AddType({.name = name, .kind = kind, .parent = parent_type});
    types_.emplace(std::move(key), id);
    return id;
  }

  uint32_t Value(uint32_t type, const std::string& name) {
    auto key = std::make_pair(type, name);
    if (auto found = values_.find(key); found != values_.end()) return found->second;
    uint32_t id = registry_->AddValue({.name = name, .type = type});
    values_.emplace(std::move(key), id);
    return id;
  }

  Registry& registry() { return *registry_; }

 private:
  Registry* registry_;
  std::map<std::pair<std::string, uint32_t>, uint32_t> types_;
  std::map<std::pair<uint32_t, std::string>, uint32_t> values_;
};

}  // namespace tracedb::otf2
