// Links of one (container, link type), matched by key. Either half may come
// first; the second completes the link and sends it to the sink. A key may
// not be used again once its link completed. Like PajeNG, a second half of
// the same kind (two StartLinks) completes the pending link too, replacing
// that side.
#pragma once

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

// On kCompleted the caller checks time order, then calls Complete().
LinkOutcome MatchLinkHalf(LinkTrack& links, LinkHalf half, PendingLink* completed);
void CompleteLink(Track& track, uint32_t container, std::string_view key, PendingLink link,
                  EntitySink& sink);

}  // namespace tracedb
