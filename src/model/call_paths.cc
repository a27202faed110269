#include "model/call_paths.h"

namespace tracedb {
namespace {

// A value no state has: the key of a (container, type)'s "(other paths)".
constexpr uint32_t kOtherValue = 0xffffffffu;

uint64_t Mix(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

size_t CallPaths::KeyHash::operator()(const Key& k) const {
  uint64_t high = static_cast<uint64_t>(k.container) << 32 | k.type;
  uint64_t low = static_cast<uint64_t>(k.parent) << 32 | k.value;
  return static_cast<size_t>(Mix(high ^ Mix(low)));
}

uint32_t CallPaths::Enter(uint32_t container, uint32_t type, uint32_t parent, uint32_t value) {
  if (IsOtherPaths(parent)) return parent;
  Key key{container, type, parent, value};
  if (auto found = ids_.find(key); found != ids_.end()) return found->second;
  if (container >= per_container_.size()) per_container_.resize(container + 1, 0);
  if (per_container_[container] < max_per_container_) {
    ++per_container_[container];
    return New(key);
  }
  Key other{container, type, kNoPath, kOtherValue};
  if (auto found = ids_.find(other); found != ids_.end()) return found->second;
  return New(other);
}

uint32_t CallPaths::New(const Key& key) {
  uint32_t id = next_++;
  if (key.value == kOtherValue) id |= kOtherPathsBit;
  ids_.emplace(key, id);
  return id;
}

}  // namespace tracedb
