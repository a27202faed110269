// The Generator of paje_generator.h: the header and the first containers, the main loop and
// its states, events and variables, and the values they pick.
#include "paje_generator.h"

namespace tracedb::bench::paje {
namespace {

// Average tick of 50 us: 100 MB span about two minutes of simulated time and 5 GB under two
// hours, so dates look like SimGrid's ("1234.567890").
constexpr std::uint32_t kMaxTickMicros = 100;
// Share of body lines by kind, cumulative percent, links taking the rest. Container creation
// and destruction are apart: one line in --churn (default 2000), because real traces keep
// their hundreds of containers for most of the run rather than replacing them all the time.
constexpr std::uint32_t kStateUpTo = 47;
constexpr std::uint32_t kVariableUpTo = 63;
constexpr std::uint32_t kNewEventUpTo = 74;
constexpr std::uint8_t kMaxStateDepth = 6;  // stack size; depths 0..5
// Rough line lengths, used to stop early enough that the closing lines land near --size.
constexpr std::uint64_t kEndLinkLineBytes = 45;
constexpr std::uint64_t kDestroyLineBytes = 30;

}  // namespace

void Generator::Run() {
  WriteHeader();
  WriteInitialContainers();
  while (out_.Bytes() + TailBytes() < options_.target_bytes) Step();
  Finish();
  out_.Flush();
}

void Generator::WriteHeader() {
  out_.BeginLine();
  out_.Put("# Synthetic Paje trace written by gen_paje, seed ");
  out_.PutUint(options_.seed);
  out_.Put('\n');
  for (const EventDef& def : EventDefs()) WriteEventDef(def);
  for (std::string_view line : kTypeDefinitions) {
    out_.BeginLine();
    out_.Put(line);
    out_.Put('\n');
  }
  for (auto& pool : pools_) {
    for (std::size_t i = 0; i < pool.specs.size(); ++i) {
      if (pool.specs[i].declare == Declare::kHeader) DeclareValue(pool, i);
    }
  }
}

void Generator::WriteEventDef(const EventDef& def) {
  out_.BeginLine();
  out_.Put("%EventDef ");
  out_.Put(def.name);
  out_.Put(' ');
  out_.Put(def.id);
  out_.Put('\n');
  for (std::string_view field : def.fields) {
    out_.Put("%       ");
    out_.Put(field);
    out_.Put('\n');
  }
  out_.Put("%EndEventDef\n");
}

void Generator::WriteInitialContainers() {
  for (std::uint32_t i = 0; i < target_groups_; ++i) CreateGroup(i % 3 == 2 ? kNode : kHost);
  // Round robin so every group starts with leaves; a leaf's kind follows its group's.
  for (std::uint32_t i = 0; i < options_.leaves; ++i) CreateLeaf(live_groups_[i % target_groups_]);
}

void Generator::Step() {
  clock_ += rng_.Below(kMaxTickMicros + 1);
  if (rng_.Below(options_.churn) == 0) {
    ContainerStep();
    return;
  }
  const std::uint32_t r = rng_.Below(100);
  if (r < kStateUpTo) {
    StateStep();
  } else if (r < kVariableUpTo) {
    VariableStep();
  } else if (r < kNewEventUpTo) {
    NewEventStep();
  } else {
    LinkStep();
  }
}

// Bytes the closing lines will take: finishing every link, destroying every container.
std::uint64_t Generator::TailBytes() const {
  const std::uint64_t links = pending_.size() + (urgent_ ? 1 : 0);
  return links * kEndLinkLineBytes +
         (live_leaves_.size() + live_groups_.size()) * kDestroyLineBytes;
}

void Generator::Finish() {
  if (urgent_) CompleteUrgentLink();
  while (!pending_.empty()) {
    clock_ += rng_.Below(kMaxTickMicros + 1);
    CompletePendingLink(static_cast<std::uint32_t>(pending_.size() - 1));
  }
  while (!live_leaves_.empty()) DestroyLeaf(live_leaves_.back());
  while (!live_groups_.empty()) DestroyGroup(live_groups_.back());
}

// Mostly balanced push/pop, stacks between 0 and kMaxStateDepth deep.
Generator::StateAction Generator::ChooseStateAction(std::uint8_t depth) {
  const std::uint32_t r = rng_.Below(100);
  if (depth == 0) return r < 80 ? StateAction::kPush : StateAction::kSet;
  if (depth >= kMaxStateDepth) return r < 90 ? StateAction::kPop : StateAction::kReset;
  if (r < 46) return StateAction::kPush;
  if (r < 92) return StateAction::kPop;
  return r < 97 ? StateAction::kSet : StateAction::kReset;
}

void Generator::StateStep() {
  Container& leaf = containers_[RandomLeaf()];
  const std::string_view type = kKinds[leaf.kind].state_type;
  switch (ChooseStateAction(leaf.depth)) {
    case StateAction::kPush: {
      const std::string_view value = PickValue(kStatePool[leaf.kind]);
      BeginEntityLine(ev::kPushState, type, leaf.id);
      Field(value);
      out_.Put(' ');
      out_.Put(kSourceFiles[rng_.Below(std::size(kSourceFiles))]);
      out_.Put(':');
      out_.PutUint(10 + rng_.Below(990));
      out_.Put('\n');
      ++leaf.depth;
      break;
    }
    case StateAction::kPop:
      BeginEntityLine(ev::kPopState, type, leaf.id);
      out_.Put('\n');
      --leaf.depth;
      break;
    case StateAction::kSet: {
      const std::string_view value = PickValue(kStatePool[leaf.kind]);
      BeginEntityLine(ev::kSetState, type, leaf.id);
      Field(value);
      out_.Put('\n');
      leaf.depth = 1;
      break;
    }
    case StateAction::kReset:
      BeginEntityLine(ev::kResetState, type, leaf.id);
      out_.Put('\n');
      leaf.depth = 0;
      break;
  }
}

void Generator::NewEventStep() {
  const Container& leaf = containers_[RandomLeaf()];
  const std::string_view value = PickValue(kEventPool[leaf.kind]);
  BeginEntityLine(ev::kNewEvent, kKinds[leaf.kind].event_type, leaf.id);
  Field(value);
  out_.Put('\n');
}

void Generator::VariableStep() {
  // Leaves mostly; hosts and nodes carry their own (power, bandwidth).
  Container& c = containers_[rng_.Percent(80) ? RandomLeaf() : RandomGroup()];
  std::string_view event = ev::kSetVariable;
  std::int64_t amount = 1 + rng_.Below(400);
  const std::uint32_t r = rng_.Below(100);
  if (!c.variable_set || r < 20) {
    amount = rng_.Below(4000);
    c.variable_quarters = amount;
    c.variable_set = true;
  } else if (r < 60 || c.variable_quarters < amount) {
    event = ev::kAddVariable;
    c.variable_quarters += amount;
  } else {
    event = ev::kSubVariable;
    c.variable_quarters -= amount;
  }
  const KindInfo& kind = kKinds[c.kind];
  BeginEntityLine(event, kind.variable_type, c.id);
  out_.Put(' ');
  out_.PutDouble(static_cast<double>(amount) / 4 * kind.variable_unit);
  out_.Put('\n');
}

// Rejection sampling: each kind keeps at least kMinLeavesPerKind live leaves and is a
// sizeable share of all leaves, so this ends quickly.
std::uint32_t Generator::RandomLeafOfKind(Kind kind, std::uint32_t exclude) {
  for (;;) {
    const std::uint32_t slot = RandomLeaf();
    if (containers_[slot].kind == kind && slot != exclude) return slot;
  }
}

std::uint32_t Generator::PickValueIndex(std::size_t pool_index) {
  ValuePool& pool = pools_[pool_index];
  const std::uint32_t i = rng_.Below(static_cast<std::uint32_t>(pool.specs.size()));
  if (pool.specs[i].declare == Declare::kOnFirstUse && !pool.declared[i]) {
    DeclareValue(pool, i);
  }
  return i;
}

// Must run before the line that uses the value is begun: it may write a declaration.
std::string_view Generator::PickValue(std::size_t pool_index) {
  return ValueToken(pools_[pool_index].specs[PickValueIndex(pool_index)]);
}

std::string_view Generator::ValueToken(const ValueSpec& spec) {
  return spec.alias.empty() ? spec.name : spec.alias;
}

// "10 c ST "compute" "0 1 0"" or "11 MPI_STATE "PMPI_Send" "0 0 1""
void Generator::DeclareValue(ValuePool& pool, std::size_t i) {
  const ValueSpec& spec = pool.specs[i];
  out_.BeginLine();
  if (spec.alias.empty()) {
    out_.Put(ev::kEntityValueByName);
  } else {
    out_.Put(ev::kEntityValue);
    Field(spec.alias);
  }
  Field(pool.type);
  out_.Put(" \"");
  out_.Put(spec.name);
  out_.Put("\" \"");
  out_.Put(spec.color);
  out_.Put("\"\n");
  pool.declared[i] = true;
}

}  // namespace tracedb::bench::paje
