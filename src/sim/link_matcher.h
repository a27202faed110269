// Links of one (container, link type), matched by key. Either half may come
// first; the second completes the link and sends it to the sink. A key may
// not be used again once its link completed. Like PajeNG, a second half of
// the same kind (two StartLinks) completes the pending link too, replacing
// that side.
//
// Two steps, so that a half can be refused before anything changes:
// PreviewLinkHalf finds what the half would do (one lookup of the key), and
// ApplyLinkHalf does it with what the preview found.
//
// The simulator's thread only. LinkHalf and LinkPreview are plain data for
// one event: `key` views the event's text, `pending` points into the track.
#pragma once

#include <optional>
#include <string_view>

#include "model/entity.h"
#include "sim/tracks.h"

namespace tracedb {

struct LinkHalf {
  bool is_start;
  double time;
  int64_t container;  // the start or end container
  uint32_t value;
  std::string_view key;
  uint64_t line;
  Extras extras;
};

enum class LinkOutcome {
  kPending,        // first half, would wait
  kCompleted,      // second half, would complete the link
  kKeyReused,      // the key belongs to a completed link
  kValueMismatch,  // the pending half has another value
};

struct LinkPreview {
  LinkOutcome outcome;
  // kCompleted and kValueMismatch: the pending half of that key.
  PendingLinks::Entry* pending = nullptr;
  uint64_t hash = 0;  // the key's, for ApplyLinkHalf
};

// What a half with `key` and `value` would do, changing nothing (`links` may
// be nullptr: no link yet; `value` nullopt: a value not defined yet, which no
// pending half has).
LinkPreview PreviewLinkHalf(LinkTrack* links, std::string_view key, std::optional<uint32_t> value);
// Applies a half whose preview, taken with no change to `links` since, was
// kPending (nullptr `links` then: made now) or kCompleted; returns the
// completed link for the latter.
std::optional<PendingLink> ApplyLinkHalf(std::unique_ptr<LinkTrack>& links,
                                         const LinkPreview& preview, LinkHalf half);
void CompleteLink(Track& track, uint32_t container, std::string_view key, PendingLink link,
                  EntitySink& sink);

}  // namespace tracedb
