// Links of one (container, link type), matched by key. Either half may come
// first; the second completes the link and sends it to the sink. A key may
// not be used again once its link completed. Like PajeNG, a second half of
// the same kind (two StartLinks) completes the pending link too, replacing
// that side.
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
  kPending,        // first half, now waiting
  kCompleted,      // *completed holds the link, not yet sent
  kKeyReused,      // the key belongs to a completed link
  kValueMismatch,  // *completed holds the pending half's value in `value`
};

// What a half with `key` and `value` would do, changing nothing (but a
// lookup cache), so that the caller can refuse it with no trace left
// (`links` may be nullptr: no link yet; `value` nullopt: a value not defined
// yet, which no pending half has). On kValueMismatch, *pending is the half
// it does not match.
LinkOutcome PreviewLinkHalf(LinkTrack* links, std::string_view key,
                            std::optional<uint32_t> value, const PendingLink** pending);
// Applies a half. On kCompleted the caller sends it with CompleteLink; on
// kKeyReused and kValueMismatch nothing changed (and *completed holds a copy
// of the pending half for the latter).
LinkOutcome MatchLinkHalf(LinkTrack& links, LinkHalf half, PendingLink* completed);
void CompleteLink(Track& track, uint32_t container, std::string_view key, PendingLink link,
                  EntitySink& sink);

}  // namespace tracedb
