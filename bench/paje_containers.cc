// The containers of the Generator of paje_generator.h.
//
// Leaves come and go around options_.leaves; now and then a whole host or node goes (with
// its leaves) and a new one comes.
#include "paje_generator.h"

namespace tracedb::bench::paje {
namespace {

constexpr std::uint32_t kMinLeavesPerKind = 4;
constexpr int kDestroySamples = 16;

}  // namespace

void Generator::ContainerStep() {
  if (rng_.Percent(10)) {
    GroupChurn();
  } else {
    LeafChurn();
  }
}

void Generator::LeafChurn() {
  const std::size_t n = live_leaves_.size();
  const std::size_t target = options_.leaves;
  const bool want_create = n * 100 < target * 95 || (n * 100 <= target * 105 && rng_.Percent(50));
  if (!want_create && TryDestroyLeaf()) return;
  if (n * 100 < target * 120) CreateLeaf(RandomGroup());
}

void Generator::GroupChurn() {
  const std::size_t n = live_groups_.size();
  const bool want_create = n < target_groups_ || (n == target_groups_ && rng_.Percent(50));
  if (!want_create && TryDestroyGroup()) return;
  if (n * 100 < target_groups_ * 120) CreateGroup(rng_.Below(3) == 2 ? kNode : kHost);
}

bool Generator::TryDestroyLeaf() {
  for (int i = 0; i < kDestroySamples; ++i) {
    const std::uint32_t slot = RandomLeaf();
    const Container& leaf = containers_[slot];
    if (leaf.pending_links == 0 && live_count_[leaf.kind] > kMinLeavesPerKind) {
      DestroyLeaf(slot);
      return true;
    }
  }
  return false;
}

bool Generator::TryDestroyGroup() {
  for (int i = 0; i < 4; ++i) {
    const std::uint32_t slot = RandomGroup();
    if (CanDestroyGroup(containers_[slot])) {
      DestroyGroup(slot);
      return true;
    }
  }
  return false;
}

bool Generator::CanDestroyGroup(const Container& group) const {
  if (live_count_[group.kind] <= kMinGroupsPerKind) return false;
  for (std::uint32_t child : group.children) {
    if (containers_[child].pending_links != 0) return false;
  }
  const Kind leaf_kind = group.kind == kHost ? kThread : kProcess;
  return live_count_[leaf_kind] >= kMinLeavesPerKind + group.children.size();
}

// "12 0.000000 h3 H 0 "host-3"" or "13 0.000000 "node 5" Node 0"
void Generator::CreateGroup(Kind kind) {
  const std::uint32_t number = next_container_number_++;
  std::string id =
      kind == kHost ? "h" + std::to_string(number) : "\"node " + std::to_string(number) + "\"";
  if (kind == kHost) {
    BeginTimedLine(ev::kCreateContainer);
    Field(id);
    Field(kKinds[kind].container_type);
    out_.Put(" 0 \"host-");
    out_.PutUint(number);
    out_.Put('"');
  } else {
    BeginTimedLine(ev::kCreateContainerByName);
    Field(id);
    Field(kKinds[kind].container_type);
    out_.Put(" 0");
  }
  out_.Put('\n');
  const std::uint32_t slot = NewSlot(kind, std::move(id));
  containers_[slot].live_pos = static_cast<std::uint32_t>(live_groups_.size());
  live_groups_.push_back(slot);
}

// "12 1.234567 h3.t17 T h3 "thread 17"" or "13 1.234567 rank-18 Process "node 5""
void Generator::CreateLeaf(std::uint32_t group_slot) {
  const Kind kind = containers_[group_slot].kind == kHost ? kThread : kProcess;
  const std::uint32_t number = next_container_number_++;
  const std::string& parent_id = containers_[group_slot].id;
  std::string id = kind == kThread ? parent_id + ".t" + std::to_string(number)
                                   : "rank-" + std::to_string(number);
  if (kind == kThread) {
    BeginTimedLine(ev::kCreateContainer);
    Field(id);
    Field(kKinds[kind].container_type);
    Field(parent_id);
    out_.Put(" \"thread ");
    out_.PutUint(number);
    out_.Put("\"\n");
  } else {
    BeginTimedLine(ev::kCreateContainerByName);
    Field(id);
    Field(kKinds[kind].container_type);
    Field(parent_id);
    out_.Put('\n');
  }
  const std::uint32_t slot = NewSlot(kind, std::move(id));
  Container& leaf = containers_[slot];
  Container& group = containers_[group_slot];
  leaf.parent = group_slot;
  leaf.child_pos = static_cast<std::uint32_t>(group.children.size());
  group.children.push_back(slot);
  leaf.live_pos = static_cast<std::uint32_t>(live_leaves_.size());
  live_leaves_.push_back(slot);
}

void Generator::DestroyLeaf(std::uint32_t slot) {
  WriteDestroy(containers_[slot]);
  Container& group = containers_[containers_[slot].parent];
  const std::uint32_t moved = group.children.back();
  group.children[containers_[slot].child_pos] = moved;
  containers_[moved].child_pos = containers_[slot].child_pos;
  group.children.pop_back();
  ForgetLeaf(slot);
}

// One line destroys the group and, per the format, every leaf inside it.
void Generator::DestroyGroup(std::uint32_t slot) {
  WriteDestroy(containers_[slot]);
  for (std::uint32_t child : containers_[slot].children) ForgetLeaf(child);
  containers_[slot].children.clear();
  RemoveLive(live_groups_, slot);
  FreeSlot(slot);
}

void Generator::ForgetLeaf(std::uint32_t slot) {
  RemoveLive(live_leaves_, slot);
  FreeSlot(slot);
}

void Generator::WriteDestroy(const Container& c) {
  BeginTimedLine(ev::kDestroyContainer);
  Field(kKinds[c.kind].container_type);
  Field(c.id);
  out_.Put('\n');
}

std::uint32_t Generator::NewSlot(Kind kind, std::string id) {
  std::uint32_t slot;
  if (free_slots_.empty()) {
    slot = static_cast<std::uint32_t>(containers_.size());
    containers_.emplace_back();
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  Container& c = containers_[slot];
  std::vector<std::uint32_t> children = std::move(c.children);  // keep its capacity
  c = Container{};
  c.children = std::move(children);
  c.id = std::move(id);
  c.kind = kind;
  ++live_count_[kind];
  return slot;
}

void Generator::FreeSlot(std::uint32_t slot) {
  --live_count_[containers_[slot].kind];
  free_slots_.push_back(slot);
}

void Generator::RemoveLive(std::vector<std::uint32_t>& live, std::uint32_t slot) {
  const std::uint32_t moved = live.back();
  live[containers_[slot].live_pos] = moved;
  containers_[moved].live_pos = containers_[slot].live_pos;
  live.pop_back();
}

}  // namespace tracedb::bench::paje
