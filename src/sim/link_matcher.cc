#include "sim/link_matcher.h"

#include <utility>

namespace tracedb {
namespace {

void SetSide(PendingLink& link, const LinkHalf& half) {
  if (half.is_start) {
    link.has_start = true;
    link.start = half.time;
    link.start_container = half.container;
  } else {
    link.has_end = true;
    link.end = half.time;
    link.end_container = half.container;
  }
}

}  // namespace

LinkOutcome PreviewLinkHalf(LinkTrack* links, std::string_view key,
                            std::optional<uint32_t> value, const PendingLink** pending) {
  if (links == nullptr) return LinkOutcome::kPending;
  if (links->used.Contains(key)) return LinkOutcome::kKeyReused;
  auto it = links->pending.find(key);
  if (it == links->pending.end()) return LinkOutcome::kPending;
  if (it->second.value != value) {
    *pending = &it->second;
    return LinkOutcome::kValueMismatch;
  }
  return LinkOutcome::kCompleted;
}

LinkOutcome MatchLinkHalf(LinkTrack& links, LinkHalf half, PendingLink* completed) {
  if (links.used.Contains(half.key)) return LinkOutcome::kKeyReused;
  auto it = links.pending.find(half.key);
  if (it == links.pending.end()) {
    PendingLink link{.value = half.value, .line = half.line, .extras = std::move(half.extras)};
    SetSide(link, half);
    links.pending.emplace(std::string(half.key), std::move(link));
    return LinkOutcome::kPending;
  }
  if (it->second.value != half.value) {
    *completed = it->second;
    return LinkOutcome::kValueMismatch;
  }
  PendingLink link = std::move(it->second);
  links.pending.erase(it);
  SetSide(link, half);
  link.extras.insert(link.extras.end(), std::make_move_iterator(half.extras.begin()),
                     std::make_move_iterator(half.extras.end()));
  links.used.Insert(half.key);
  *completed = std::move(link);
  return LinkOutcome::kCompleted;
}

void CompleteLink(Track& track, uint32_t container, std::string_view key, PendingLink link,
                  EntitySink& sink) {
  track.last = LastEntity{.any = true, .start = link.start, .has_end = link.has_end,
                          .end = link.end};
  sink.OnLink(LinkRow{.container = container,
                      .type = track.type,
                      .value = link.value,
                      .start = link.start,
                      .end = link.end,
                      .start_container = link.start_container,
                      .end_container = link.end_container,
                      .key = std::string(key),
                      .extras = std::move(link.extras)});
}

}  // namespace tracedb
