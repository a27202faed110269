#include "sim/link_matcher.h"

#include <utility>

namespace tracedb {
namespace {

void SetSide(PendingLink& link, const LinkHalf& half) {
  MergeLinkNumbers(&link.numbers, LinkNumbersOf(half.extras),
                   half.is_start ? LinkSide::kStart : LinkSide::kEnd);
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

// A pending key was never completed and a completed one can never be pending
// again, so the used keys need a look only when the key is not pending.
LinkPreview PreviewLinkHalf(LinkTrack* links, std::string_view key, std::optional<uint32_t> value) {
  if (links == nullptr) return {LinkOutcome::kPending, {}};
  auto it = links->pending.find(key);
  if (it != links->pending.end()) {
    bool same = value == it->second.value;
    return {same ? LinkOutcome::kCompleted : LinkOutcome::kValueMismatch, it};
  }
  if (links->used.Contains(key)) return {LinkOutcome::kKeyReused, {}};
  return {LinkOutcome::kPending, {}};
}

std::optional<PendingLink> ApplyLinkHalf(std::unique_ptr<LinkTrack>& links,
                                         const LinkPreview& preview, LinkHalf half) {
  if (preview.outcome == LinkOutcome::kPending) {
    if (!links) links = std::make_unique<LinkTrack>();
    PendingLink link{.value = half.value, .line = half.line};
    SetSide(link, half);
    link.extras = std::move(half.extras);
    links->pending.emplace(std::string(half.key), std::move(link));
    return std::nullopt;
  }
  PendingLink link = std::move(preview.pending->second);
  links->pending.erase(preview.pending);
  SetSide(link, half);
  link.extras.insert(link.extras.end(), std::make_move_iterator(half.extras.begin()),
                     std::make_move_iterator(half.extras.end()));
  links->used.Insert(half.key);
  return link;
}

void CompleteLink(Track& track, uint32_t container, std::string_view key, PendingLink link,
                  EntitySink& sink) {
  track.last =
      LastEntity{.any = true, .has_end = link.has_end, .start = link.start, .end = link.end};
  sink.OnLink(LinkRow{.container = container,
                      .type = track.type,
                      .value = link.value,
                      .start = link.start,
                      .end = link.end,
                      .start_container = link.start_container,
                      .end_container = link.end_container,
                      .key = std::string(key),
                      .extras = std::move(link.extras),
                      .size = link.numbers.size,
                      .tag = link.numbers.tag});
}

}  // namespace tracedb
