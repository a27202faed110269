#include "sim/shard_replay.h"

#include <algorithm>
#include <utility>

#include "sim/problem_text.h"
#include "sim/state_tracker.h"
#include "sim/variable_tracker.h"

namespace tracedb {
namespace {

Refusal RefusalOf(RefusalKind kind, const ShardEvent& m) {
  return Refusal{.kind = kind, .line = m.line, .type = m.type, .container = m.container};
}

std::optional<Refusal> CheckTime(const ShardEvent& m, const Track* track) {
  if (track == nullptr || !track->last.IsAfter(m.time)) return std::nullopt;
  Refusal refusal = RefusalOf(RefusalKind::kNotTimeOrdered, m);
  refusal.text = m.time_text;
  return refusal;
}

std::optional<Refusal> CheckLink(const ShardEvent& m, Track* track, LinkPreview* preview) {
  std::optional<uint32_t> value =
      m.value == kUnresolved ? std::nullopt : std::optional<uint32_t>(m.value);
  *preview = PreviewLinkHalf(track ? track->links.get() : nullptr, m.key, value);
  Refusal refusal = RefusalOf(RefusalKind::kKeyReused, m);
  refusal.text = m.key;
  switch (preview->outcome) {
    case LinkOutcome::kPending:
      return std::nullopt;
    case LinkOutcome::kKeyReused:
      return refusal;
    case LinkOutcome::kValueMismatch:
      refusal.kind = RefusalKind::kValueMismatch;
      refusal.pending_value = preview->pending->link.value;
      refusal.start = m.kind == EventKind::kStartLink;
      refusal.value_text = m.value_text;
      return refusal;
    case LinkOutcome::kCompleted:
      return CheckTime(m, track);
  }
  return std::nullopt;
}

Track& TrackOf(LiveContainer& live, uint32_t type) {
  Track* track = live.FindTrack(type);
  return track != nullptr ? *track : live.AddTrack(type);
}

void ApplyState(const ShardEvent& m, Extras extras, Track& track, EntitySink& sink) {
  switch (m.kind) {
    case EventKind::kSetState:
      ResetStates(track, m.container, m.time, sink);
      PushState(track, m.container, m.time, m.value, std::move(extras));
      break;
    case EventKind::kPushState:
      PushState(track, m.container, m.time, m.value, std::move(extras));
      break;
    case EventKind::kPopState:
      PopState(track, m.container, m.time, extras, sink);
      break;
    default:
      ResetStates(track, m.container, m.time, sink);
      break;
  }
}

void ApplyEvent(const ShardEvent& m, Extras extras, Track& track, EntitySink& sink) {
  track.last = LastEntity{.any = true, .has_end = true, .start = m.time, .end = m.time};
  sink.OnEvent(EventRow{.container = m.container,
                        .type = m.type,
                        .value = m.value,
                        .time = m.time,
                        .extras = std::move(extras)});
}

void ApplyLink(const ShardEvent& m, Extras extras, const LinkPreview& preview, Track& track,
               EntitySink& sink) {
  LinkHalf half{m.kind == EventKind::kStartLink, m.time, m.end, m.value, m.key, m.line,
                std::move(extras)};
  if (auto link = ApplyLinkHalf(track.links, preview, std::move(half))) {
    CompleteLink(track, m.container, m.key, std::move(*link), sink);
  }
}

void ApplyOnShard(const ShardEvent& m, Extras extras, LiveContainer& live,
                  const LinkPreview& preview, EntitySink& sink) {
  Track& track = TrackOf(live, m.type);
  switch (m.kind) {
    case EventKind::kNewEvent:
      return ApplyEvent(m, std::move(extras), track, sink);
    case EventKind::kSetVariable:
    case EventKind::kAddVariable:
    case EventKind::kSubVariable: {
      VariableOp op = m.kind == EventKind::kSetVariable   ? VariableOp::kSet
                      : m.kind == EventKind::kAddVariable ? VariableOp::kAdd
                                                          : VariableOp::kSub;
      ChangeVariable(track, m.container, m.time, op, m.number, std::move(extras), sink);
      return;
    }
    case EventKind::kStartLink:
    case EventKind::kEndLink:
      return ApplyLink(m, std::move(extras), preview, track, sink);
    default:
      return ApplyState(m, std::move(extras), track, sink);
  }
}

std::optional<Refusal> EndOnShard(const ShardEvent& m, Extras extras, LiveContainer& live,
                                  bool ignore_incomplete_links, EntitySink& sink,
                                  ShardTally& tally) {
  if (m.touched) live.last_event_time = m.time;
  auto refusal = CloseTracks(live, m.container, m.time, m.line, ignore_incomplete_links, sink,
                             tally.dropped_links);
  if (refusal) return refusal;
  sink.OnContainer(ContainerRow{
      .id = m.container, .start = m.number, .end = m.time, .extras = std::move(extras)});
  live.DropTracks();
  return std::nullopt;
}

}  // namespace

ShardEvent ViewOf(const ShardBatch& batch, const ShardMessage& m) {
  ShardEvent view{.kind = m.kind,
                  .touched = false,
                  .container = m.container,
                  .type = m.type,
                  .value = m.value,
                  .end = m.end};
  if (const Event* e = m.event) {
    view.line = e->line;
    view.time = e->time;
    view.number = e->number;
    view.time_text = e->Get(Field::kTime);
    view.key = e->Get(Field::kKey);
    view.value_text = e->Get(Field::kValue);
    return view;
  }
  const CopiedEvent& copy = batch.copies[m.copy];
  view.touched = copy.touched;
  view.line = copy.line;
  view.time = copy.time;
  view.number = copy.number;
  view.time_text = copy.time_text;
  view.key = copy.key;
  view.value_text = copy.value_text;
  return view;
}

Extras TakeExtras(ShardBatch& batch, const ShardMessage& m) {
  if (m.event == nullptr) return std::move(batch.copies[m.copy].extras);
  return m.extras ? ExtrasOf(*m.event) : Extras{};
}

CopiedEvent CopyOf(const Event& e, bool extras) {
  bool link = e.kind == EventKind::kStartLink || e.kind == EventKind::kEndLink;
  return CopiedEvent{.line = e.line,
                     .time = e.time,
                     .number = e.number,
                     .time_text = std::string(e.Get(Field::kTime)),
                     .key = link ? std::string(e.Get(Field::kKey)) : std::string(),
                     .value_text = link ? std::string(e.Get(Field::kValue)) : std::string(),
                     .extras = extras ? ExtrasOf(e) : Extras{}};
}

Extras ExtrasOf(const Event& e) {
  Extras extras;
  extras.reserve(e.extra_count());
  for (size_t i = 0; i < e.extra_count(); ++i) {
    extras.push_back({std::string(e.extra_name(i)), std::string(e.extra(i)), e.extra_type(i)});
  }
  return extras;
}

std::string RefusalProblem(const Refusal& r, const Registry& registry) {
  const std::string& type = registry.type(r.type).name;
  const std::string& container = registry.container(r.container).name;
  switch (r.kind) {
    case RefusalKind::kNotTimeOrdered:
      return NotTimeOrderedProblem(r.text, type, container);
    case RefusalKind::kPopWithoutState:
      return PopWithoutStateProblem(type, container);
    case RefusalKind::kAddBeforeSet:
    case RefusalKind::kSubBeforeSet:
      return ChangeBeforeSetProblem(r.kind == RefusalKind::kAddBeforeSet, type, container);
    case RefusalKind::kKeyReused:
      return KeyReusedProblem(r.text, type);
    case RefusalKind::kValueMismatch:
      return ValueMismatchProblem(r.start, r.value_text, registry.value(r.pending_value).name,
                                  r.text);
    case RefusalKind::kIncompleteLink:
      return IncompleteLinkProblem(type, r.text, container, r.start);
  }
  return {};
}

std::optional<Refusal> CheckOnShard(const ShardEvent& m, LiveContainer& live,
                                    LinkPreview* preview) {
  Track* track = live.FindTrack(m.type);
  switch (m.kind) {
    case EventKind::kPopState:
      if (auto refusal = CheckTime(m, track)) return refusal;
      if (track == nullptr || track->states.empty()) {
        return RefusalOf(RefusalKind::kPopWithoutState, m);
      }
      return std::nullopt;
    case EventKind::kAddVariable:
    case EventKind::kSubVariable:
      if (track == nullptr || !track->variable) {
        return RefusalOf(m.kind == EventKind::kAddVariable ? RefusalKind::kAddBeforeSet
                                                           : RefusalKind::kSubBeforeSet,
                         m);
      }
      return CheckTime(m, track);
    case EventKind::kStartLink:
    case EventKind::kEndLink:
      return CheckLink(m, track, preview);
    default:
      return CheckTime(m, track);
  }
}

std::optional<Refusal> ReplayOnShard(ShardBatch& batch, size_t i, LiveContainer& live,
                                     bool ignore_incomplete_links, EntitySink& sink,
                                     ShardTally& tally) {
  const ShardMessage& message = batch.messages[i];
  ShardEvent m = ViewOf(batch, message);
  if (m.kind == EventKind::kDestroyContainer) {
    return EndOnShard(m, TakeExtras(batch, message), live, ignore_incomplete_links, sink, tally);
  }
  LinkPreview preview{LinkOutcome::kPending};
  if (auto refusal = CheckOnShard(m, live, &preview)) return refusal;
  ApplyOnShard(m, TakeExtras(batch, message), live, preview, sink);
  live.last_event_time = m.time;
  tally.Touch(m.time);
  return std::nullopt;
}

std::optional<Refusal> CloseTracks(LiveContainer& live, uint32_t container, double time,
                                   uint64_t line, bool ignore_incomplete_links, EntitySink& sink,
                                   uint64_t& dropped) {
  for (Track& track : live.tracks) {
    ResetStates(track, container, time, sink);
    CloseVariable(track, container, time, sink);
    if (!track.links || track.links->pending.empty()) continue;
    if (ignore_incomplete_links) {
      dropped += track.links->pending.size();
      track.links->pending.clear();
      continue;
    }
    // Blame the earliest pending half: the first one a reader would look at.
    const std::vector<PendingLinks::Entry>& pending = track.links->pending.entries();
    const PendingLinks::Entry& first =
        *std::min_element(pending.begin(), pending.end(),
                          [](const auto& a, const auto& b) { return a.link.line < b.link.line; });
    return Refusal{.kind = RefusalKind::kIncompleteLink,
                   .line = first.link.line ? first.link.line : line,
                   .type = track.type,
                   .container = container,
                   .start = first.link.has_start,
                   .text = first.key};
  }
  return std::nullopt;
}

}  // namespace tracedb
