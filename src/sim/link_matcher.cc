#include "sim/link_matcher.h"

#include <utility>

#include "sim/name_index.h"

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
  uint64_t hash = HashName(key);
  if (links == nullptr) return {LinkOutcome::kPending, nullptr, hash};
  if (PendingLinks::Entry* pending = links->pending.Find(key, hash)) {
    bool same = value == pending->link.value;
    return {same ? LinkOutcome::kCompleted : LinkOutcome::kValueMismatch, pending, hash};
  }
  if (links->used.Contains(key)) return {LinkOutcome::kKeyReused, nullptr, hash};
  return {LinkOutcome::kPending, nullptr, hash};
}

std::optional<PendingLink> ApplyLinkHalf(std::unique_ptr<LinkTrack>& links,
                                         const LinkPreview& preview, LinkHalf half) {
  if (preview.outcome == LinkOutcome::kPending) {
    if (!links) links = std::make_unique<LinkTrack>();
    PendingLink link{.value = half.value, .line = half.line};
    SetSide(link, half);
    link.extras = std::move(half.extras);
    links->pending.Add(half.key, preview.hash, std::move(link));
    return std::nullopt;
  }
  PendingLink link = links->pending.Take(preview.pending);
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
