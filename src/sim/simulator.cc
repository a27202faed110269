#include "sim/simulator.h"

#include <algorithm>
#include <utility>

#include "model/input_error.h"
#include "sim/color_text.h"
#include "sim/link_matcher.h"
#include "sim/state_tracker.h"
#include "sim/variable_tracker.h"

namespace tracedb {
namespace {

std::string Quote(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string WithArticle(TypeKind kind) {
  return (kind == TypeKind::kEvent ? "an " : "a ") + std::string(TypeKindName(kind));
}

}  // namespace

Simulator::Simulator(SimulatorOptions options, Registry* registry, EntitySink* sink)
    : options_(options), registry_(registry), sink_(sink) {
  for (uint32_t id = 0; id < registry_->container_count(); ++id) {
    live_.push_back(LiveContainer{.type = registry_->container(id).type});
  }
}

// Each event reads its container's live state, then its tracks, at random
// among the containers: 50,000 of them (4.4 MB of live states, more of
// tracks) miss the cache at every event, and asking ahead took the dump of a
// 100 MB trace from 1.95 to 1.62 s. With few containers it only cost time
// (2.5% on the 1 GB bench trace's 400): hence the threshold.
constexpr size_t kPrefetchContainers = 4096;
constexpr uintptr_t kCacheLine = 64;
constexpr size_t kTrackLinesAhead = 8;  // a container's tracks asked for, at most

bool Simulator::Prefetch(const Event& far, const Event& near) const {
  if (live_.size() < kPrefetchContainers) return false;
  // An id not below live_.size() is kUnresolved, or a container made since.
  if (far.container_id < live_.size()) __builtin_prefetch(&live_[far.container_id]);
  if (near.container_id < live_.size()) {
    // All of its tracks: the event's is found by a scan.
    const std::vector<Track>& tracks = live_[near.container_id].tracks;
    const auto begin = reinterpret_cast<uintptr_t>(tracks.data());
    const uintptr_t end =
        begin + std::min<size_t>(tracks.size() * sizeof(Track), kTrackLinesAhead * kCacheLine);
    for (uintptr_t line = begin; line < end; line += kCacheLine) {
      __builtin_prefetch(reinterpret_cast<const void*>(line));
    }
  }
  return true;
}

void Simulator::Apply(const Event& e) {
  switch (e.kind) {
    case EventKind::kDefineContainerType:
      return DefineType(e, TypeKind::kContainer);
    case EventKind::kDefineStateType:
      return DefineType(e, TypeKind::kState);
    case EventKind::kDefineEventType:
      return DefineType(e, TypeKind::kEvent);
    case EventKind::kDefineVariableType:
      return DefineType(e, TypeKind::kVariable);
    case EventKind::kDefineLinkType:
      return DefineType(e, TypeKind::kLink);
    case EventKind::kDefineEntityValue:
      return DefineValue(e);
    case EventKind::kCreateContainer:
      return CreateContainer(e);
    case EventKind::kDestroyContainer:
      return DestroyContainer(e);
    case EventKind::kSetState:
    case EventKind::kPushState:
    case EventKind::kPopState:
    case EventKind::kResetState:
      return StateEvent(e);
    case EventKind::kNewEvent:
      return NewEvent(e);
    case EventKind::kSetVariable:
    case EventKind::kAddVariable:
    case EventKind::kSubVariable:
      return VariableEvent(e);
    case EventKind::kStartLink:
    case EventKind::kEndLink:
      return LinkEvent(e);
    case EventKind::kTraceFile:
      // pj_dump counts it at its time, 0 without a Time field (the usual
      // case), for the end of the trace: a trace of nothing else ends at 0.
      return ReachTime(e.has_time ? e.time : 0);
  }
}

// --- resolving identifiers ------------------------------------------------

namespace {

std::optional<uint32_t> ValueOrNone(uint32_t id) {
  return id == kUnresolved ? std::nullopt : std::optional<uint32_t>(id);
}

}  // namespace

uint32_t Simulator::LookUpType(const Event& e, Field field, std::string_view role) const {
  auto id = registry_->FindType(e.Get(field));
  if (!id) throw ProblemError(e.line, "unknown " + std::string(role) + " " + Quote(e.Get(field)));
  return *id;
}

uint32_t Simulator::ResolveContainerType(const Event& e, Field field, std::string_view role) const {
  uint32_t id = ResolveType(e, field, role);
  if (registry_->type(id).kind != TypeKind::kContainer) {
    throw ProblemError(e.line, std::string(role) + " " + Quote(e.Get(field)) + " is " +
                                   WithArticle(registry_->type(id).kind) +
                                   " type, not a container type");
  }
  return id;
}

uint32_t Simulator::LookUpContainer(const Event& e, Field field, std::string_view role) const {
  auto id = registry_->FindContainer(e.Get(field));
  if (!id) throw ProblemError(e.line, "unknown " + std::string(role) + " " + Quote(e.Get(field)));
  return *id;
}

uint32_t Simulator::FindValue(const Event& e, uint32_t type) const {
  static_assert(NameIndex::kNone == kUnresolved);
  if (e.value_id != kUnresolved) return e.value_id;
  return registry_->ValueIdOf(type, e.Get(Field::kValue));
}

uint32_t Simulator::ResolveValue(const Event& e, uint32_t type) {
  if (uint32_t id = FindValue(e, type); id != kUnresolved) return id;
  std::string_view identifier = e.Get(Field::kValue);
  // Values never declared are made on the fly, named by their identifier.
  return registry_->AddValue({.name = std::string(identifier), .alias = "", .type = type});
}

std::optional<Simulator::Target> Simulator::ResolveTarget(const Event& e, TypeKind kind) {
  uint32_t container = ResolveContainer(e, Field::kContainer, "container");
  uint32_t type = ResolveType(e, Field::kType, "type");
  const TypeInfo& info = registry_->type(type);
  if (info.kind != kind) {
    throw ProblemError(e.line, "type " + Quote(info.name) + " is " + WithArticle(info.kind) +
                                   " type, not " + WithArticle(kind) + " type");
  }
  const LiveContainer& live = live_[container];
  uint32_t container_type = live.type;
  if (info.parent != container_type) {
    throw ProblemError(e.line, "type " + Quote(info.name) + " is not a child of container type " +
                                   Quote(TypeName(container_type)) + " (the type of container " +
                                   Quote(ContainerName(container)) + ")");
  }
  if (live.destroyed) {
    ++stats_.ignored_events;
    return std::nullopt;
  }
  return Target{container, type, live_[container].FindTrack(type)};
}

// The time-order rule for an event at e.time. A track not made yet has no
// entity to be after, and is not made here: the event may still be refused.
void Simulator::CheckTimeOrder(const Event& e, Target target) {
  if (target.track != nullptr && target.track->last.IsAfter(e.time)) {
    throw ProblemError(e.line, "not time-ordered: time " + std::string(e.Get(Field::kTime)) +
                                   " is before the last entity of type " +
                                   Quote(TypeName(target.type)) + " in container " +
                                   Quote(ContainerName(target.container)));
  }
}

void Simulator::CheckColor(const Event& e) const {
  if (e.Has(Field::kColor) && !IsColor(e.Get(Field::kColor))) {
    throw ProblemError(e.line, "invalid color " + Quote(e.Get(Field::kColor)) +
                                   " (expected \"r g b\" or six hex digits)");
  }
}

Extras Simulator::CopyExtras(const Event& e) const {
  Extras extras;
  extras.reserve(e.extra_count());
  for (size_t i = 0; i < e.extra_count(); ++i) {
    extras.push_back({std::string(e.extra_name(i)), std::string(e.extra(i)), e.extra_type(i)});
  }
  return extras;
}

void Simulator::Touch(uint32_t container, double time) {
  live_[container].last_event_time = time;
  ReachTime(time);
  ++stats_.events;
}

void Simulator::ReachTime(double time) {
  if (!any_time_ || time > end_time_) end_time_ = time;
  if (!any_time_ || time < first_time_) first_time_ = time;
  any_time_ = true;
}

std::string Simulator::TypeName(uint32_t type) const { return registry_->type(type).name; }
std::string Simulator::ContainerName(uint32_t container) const {
  return registry_->container(container).name;
}

// --- the type hierarchy and values ---------------------------------------

void Simulator::DefineType(const Event& e, TypeKind kind) {
  std::string_view name = e.Get(Field::kName);
  std::string_view alias = e.Get(Field::kAlias);
  std::string_view identifier = IdentifierOf(name, alias);
  uint32_t parent = ResolveContainerType(e, Field::kType, "container type");
  if (kind == TypeKind::kContainer && name == "0") {
    throw ProblemError(e.line, "the type name '0' is reserved for the root");
  }
  if (registry_->FindType(identifier)) {
    throw ProblemError(e.line, "type " + Quote(identifier) + " is already defined");
  }
  TypeInfo info{
      .name = std::string(name), .alias = std::string(alias), .kind = kind, .parent = parent};
  if (kind == TypeKind::kLink) {
    info.start_type = ResolveContainerType(e, Field::kStartContainerType, "start container type");
    info.end_type = ResolveContainerType(e, Field::kEndContainerType, "end container type");
  }
  CheckColor(e);
  registry_->AddType(std::move(info));
  ++stats_.events;
}

void Simulator::DefineValue(const Event& e) {
  std::string_view name = e.Get(Field::kName);
  std::string_view alias = e.Get(Field::kAlias);
  uint32_t type = ResolveType(e, Field::kType, "type");
  TypeKind kind = registry_->type(type).kind;
  if (kind == TypeKind::kContainer || kind == TypeKind::kVariable) {
    throw ProblemError(e.line, "cannot define value " + Quote(name) + " for " +
                                   std::string(TypeKindName(kind)) + " type " +
                                   Quote(e.Get(Field::kType)));
  }
  for (std::string_view id : {alias, name}) {
    if (!id.empty() && registry_->FindValue(type, id)) {
      throw ProblemError(e.line, "value " + Quote(id) + " of type " + Quote(TypeName(type)) +
                                     " is already defined");
    }
  }
  CheckColor(e);
  registry_->AddValue({.name = std::string(name),
                       .alias = std::string(alias),
                       .type = type,
                       .color = std::string(e.Get(Field::kColor))});
  ++stats_.events;
}

// --- containers -----------------------------------------------------------

void Simulator::CreateContainer(const Event& e) {
  std::string_view name = e.Get(Field::kName);
  std::string_view alias = e.Get(Field::kAlias);
  std::string_view identifier = IdentifierOf(name, alias);
  uint32_t type = ResolveContainerType(e, Field::kType, "container type");
  uint32_t parent = ResolveContainer(e, Field::kContainer, "container");
  uint32_t parent_type = registry_->container(parent).type;
  if (registry_->type(type).parent != parent_type) {
    throw ProblemError(e.line, "container type " + Quote(TypeName(type)) +
                                   " is not a child of container type " +
                                   Quote(TypeName(parent_type)) + " (the type of container " +
                                   Quote(ContainerName(parent)) + ")");
  }
  if (identifier == "0") throw ProblemError(e.line, "the container name '0' is reserved");
  if (registry_->FindContainer(identifier)) {
    throw ProblemError(e.line, "container " + Quote(identifier) + " already exists");
  }
  uint32_t id = registry_->AddContainer({.name = std::string(name),
                                         .alias = std::string(alias),
                                         .type = type,
                                         .parent = parent,
                                         .start = e.time});
  live_.push_back(LiveContainer{.type = type, .extras = TakeExtras(e)});
  live_[parent].children.push_back(id);
  Touch(id, e.time);
}

void Simulator::DestroyContainer(const Event& e) {
  uint32_t type = ResolveContainerType(e, Field::kType, "container type");
  uint32_t container = ResolveContainer(e, Field::kName, "container");
  uint32_t actual = registry_->container(container).type;
  if (actual != type) {
    throw ProblemError(e.line, "container " + Quote(ContainerName(container)) + " is of type " +
                                   Quote(TypeName(actual)) + ", not " + Quote(TypeName(type)));
  }
  LiveContainer& live = live_[container];
  if (e.time < live.last_event_time) {
    throw ProblemError(e.line, "container " + Quote(ContainerName(container)) + " destroyed at " +
                                   std::string(e.Get(Field::kTime)) + ", before its last event");
  }
  if (live.destroyed) {
    ++stats_.ignored_events;
    return;
  }
  Touch(container, e.time);
  Destroy(container, e.time, e.line);
}

// Ends a container and, at the same time, everything inside it, parents
// before children. A loop, not recursion: containers may nest a hundred
// thousand deep, which would overflow the stack.
void Simulator::Destroy(uint32_t container, double time, uint64_t line) {
  std::vector<uint32_t> pending{container};
  while (!pending.empty()) {
    uint32_t next = pending.back();
    pending.pop_back();
    EndContainer(next, time, line);
    // Children may be created even inside a destroyed container; end them too.
    std::vector<uint32_t> children;
    children.swap(live_[next].children);
    pending.insert(pending.end(), children.rbegin(), children.rend());  // the first on top
    live_[next].DropTracks();
  }
}

void Simulator::EndContainer(uint32_t container, double time, uint64_t line) {
  if (live_[container].destroyed) return;
  CloseTracks(container, time, line);
  LiveContainer& live = live_[container];
  live.destroyed = true;
  sink_->OnContainer(ContainerRow{.id = container,
                                  .start = registry_->container(container).start,
                                  .end = time,
                                  .extras = std::move(live.extras)});
}

void Simulator::CloseTracks(uint32_t container, double time, uint64_t line) {
  for (Track& track : live_[container].tracks) {
    ResetStates(track, container, time, *sink_);
    CloseVariable(track, container, time, *sink_);
    if (!track.links || track.links->pending.empty()) continue;
    if (options_.ignore_incomplete_links) {
      stats_.dropped_links += track.links->pending.size();
      track.links->pending.clear();
      continue;
    }
    // Blame the earliest pending half: the first one a reader would look at.
    const std::vector<PendingLinks::Entry>& pending = track.links->pending.entries();
    const PendingLinks::Entry& first =
        *std::min_element(pending.begin(), pending.end(),
                          [](const auto& a, const auto& b) { return a.link.line < b.link.line; });
    const std::string& key = first.key;
    const PendingLink& link = first.link;
    throw TraceProblemError(link.line ? link.line : line,
                            "incomplete link of type " + Quote(TypeName(track.type)) +
                                " with key " + Quote(key) + " in container " +
                                Quote(ContainerName(container)) + ": its " +
                                (link.has_start ? "end" : "start") +
                                " never came (use --ignore-incomplete-links to drop such links)");
  }
}

void Simulator::Finish() { Destroy(kRoot, end_time_, 0); }

// --- entity events ----------------------------------------------------------

void Simulator::StateEvent(const Event& e) {
  auto target = ResolveTarget(e, TypeKind::kState);
  if (!target) return;
  CheckTimeOrder(e, *target);
  if (e.kind == EventKind::kPopState) CheckOpenState(e, *target);
  Track& track = TrackOf(*target);
  switch (e.kind) {
    case EventKind::kSetState:
      ResetStates(track, target->container, e.time, *sink_);
      PushState(track, target->container, e.time, ResolveValue(e, target->type), TakeExtras(e),
                call_paths_);
      break;
    case EventKind::kPushState:
      PushState(track, target->container, e.time, ResolveValue(e, target->type), TakeExtras(e),
                call_paths_);
      break;
    case EventKind::kPopState:
      PopState(track, target->container, e.time, TakeExtras(e), *sink_);
      break;
    default:
      ResetStates(track, target->container, e.time, *sink_);
      break;
  }
  Touch(target->container, e.time);
}

Track& Simulator::TrackOf(Target target) {
  if (target.track != nullptr) return *target.track;
  return live_[target.container].AddTrack(target.type);
}

void Simulator::CheckOpenState(const Event& e, Target target) {
  if (target.track == nullptr || target.track->states.empty()) {
    throw ProblemError(e.line, "PopState with no open state of type " +
                                   Quote(TypeName(target.type)) + " in container " +
                                   Quote(ContainerName(target.container)));
  }
}

void Simulator::NewEvent(const Event& e) {
  auto target = ResolveTarget(e, TypeKind::kEvent);
  if (!target) return;
  CheckTimeOrder(e, *target);
  Track& track = TrackOf(*target);
  track.last = LastEntity{.any = true, .has_end = true, .start = e.time, .end = e.time};
  sink_->OnEvent(EventRow{.container = target->container,
                          .type = target->type,
                          .value = ResolveValue(e, target->type),
                          .time = e.time,
                          .extras = TakeExtras(e)});
  Touch(target->container, e.time);
}

void Simulator::VariableEvent(const Event& e) {
  auto target = ResolveTarget(e, TypeKind::kVariable);
  if (!target) return;
  const Track* existing = target->track;
  VariableOp op = e.kind == EventKind::kSetVariable   ? VariableOp::kSet
                  : e.kind == EventKind::kAddVariable ? VariableOp::kAdd
                                                      : VariableOp::kSub;
  if (op != VariableOp::kSet && (existing == nullptr || !existing->variable)) {
    throw ProblemError(e.line, std::string(op == VariableOp::kAdd ? "AddVariable" : "SubVariable") +
                                   " before any SetVariable of type " +
                                   Quote(TypeName(target->type)) + " in container " +
                                   Quote(ContainerName(target->container)));
  }
  CheckTimeOrder(e, *target);
  Track& track = TrackOf(*target);
  ChangeVariable(track, target->container, e.time, op, e.number, TakeExtras(e), *sink_);
  Touch(target->container, e.time);
}

void Simulator::LinkEvent(const Event& e) {
  bool is_start = e.kind == EventKind::kStartLink;
  Field end_field = is_start ? Field::kStartContainer : Field::kEndContainer;
  std::string_view role = is_start ? "start container" : "end container";
  auto target = ResolveTarget(e, TypeKind::kLink);
  if (!target) return;
  uint32_t end = ResolveContainer(e, end_field, role);
  const TypeInfo& type = registry_->type(target->type);
  int64_t expected = is_start ? type.start_type : type.end_type;
  uint32_t actual = registry_->container(end).type;
  if (actual != expected) {
    throw ProblemError(e.line, std::string(role) + " " + Quote(ContainerName(end)) +
                                   " is of type " + Quote(TypeName(actual)) + ", but link type " +
                                   Quote(type.name) + " expects " +
                                   Quote(TypeName(static_cast<uint32_t>(expected))));
  }
  std::string_view key = e.Get(Field::kKey);
  LinkPreview preview = CheckLinkHalf(e, *target, key);
  Track& track = TrackOf(*target);
  LinkHalf half{is_start, e.time, end, ResolveValue(e, target->type), key, e.line, TakeExtras(e)};
  if (auto link = ApplyLinkHalf(track.links, preview, std::move(half))) {
    CompleteLink(track, target->container, key, std::move(*link), *sink_);
  }
  Touch(target->container, e.time);
}

// Everything that can refuse a link half, before anything changes.
LinkPreview Simulator::CheckLinkHalf(const Event& e, Target target, std::string_view key) {
  Track* track = target.track;
  const std::string& type = registry_->type(target.type).name;
  LinkPreview preview = PreviewLinkHalf(track ? track->links.get() : nullptr, key,
                                        ValueOrNone(FindValue(e, target.type)));
  switch (preview.outcome) {
    case LinkOutcome::kPending:
      return preview;
    case LinkOutcome::kKeyReused:
      throw ProblemError(e.line, "link key " + Quote(key) + " of type " + Quote(type) +
                                     " was already used by a completed link");
    case LinkOutcome::kValueMismatch:
      throw ProblemError(e.line,
                         std::string(e.kind == EventKind::kStartLink ? "StartLink" : "EndLink") +
                             " value " + Quote(e.Get(Field::kValue)) + " differs from the value " +
                             Quote(registry_->value(preview.pending->link.value).name) +
                             " of the other half with key " + Quote(key));
    case LinkOutcome::kCompleted:
      CheckTimeOrder(e, target);
      return preview;
  }
  return preview;
}

}  // namespace tracedb
