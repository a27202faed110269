// The open part of one (container, type) pair: what the simulator must
// remember until an entity is complete. Everything finished has already
// left through the sink, so memory holds only open states, the current
// variable interval and pending link halves.
//
// Plain data of the simulator, used on its thread only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "model/entity.h"
#include "sim/pending_links.h"
#include "sim/used_keys.h"

namespace tracedb {

// The entity the time-order rule compares against: the most recently
// created one of this (container, type) (for links: the most recently
// completed one).
struct LastEntity {
  bool any = false;  // the flags together: 24 bytes, not 32 (one per track)
  bool has_end = false;
  double start = 0;
  double end = 0;

  // An event at time t is out of order when the last entity starts after t
  // or has ended after t.
  bool IsAfter(double t) const { return any && (start > t || (has_end && end > t)); }
};

struct OpenState {
  double start;
  uint32_t value;
  uint32_t depth;
  uint32_t path;  // model/call_paths.h
  Extras extras;
};

struct OpenVariable {
  double start;
  double value;
  Extras extras;
};

struct LinkTrack {
  PendingLinks pending;
  UsedKeys used;  // keys of completed links, which may not come again
};

struct Track {
  uint32_t type;
  bool last_state_open = false;  // the last created state is still on the stack
  LastEntity last;
  std::vector<OpenState> states;
  // Behind a pointer: two tracks in five hold a variable, and inline it
  // made every track 40 bytes larger (75,000 containers, 190,000 tracks:
  // the SQLite ingest's peak RSS, 9 runs alternating, medians 193.9 ->
  // 187.8 MB; dump of it and of the 100 MB trace as fast, --threads 1).
  std::unique_ptr<OpenVariable> variable;
  std::unique_ptr<LinkTrack> links;
};

static_assert(sizeof(Track) <= 72, "a trace of 50,000 containers holds 190,000");

// What each event reads first is in the first 64 bytes (tracks, type,
// destroyed): a trace of 50,000 containers reaches them at random, and every
// cache line more is a miss.
struct alignas(64) LiveContainer {
  static constexpr size_t kQuickTracks = 4;
  static constexpr uint32_t kNoTrack = UINT32_MAX;

  // What every event of the container reads, together in its first cache
  // line (an event touched two of the 104-byte LiveContainer before).
  uint32_t type = 0;  // the registry's, here too (one line fewer)
  bool destroyed = false;
  // The types of the first tracks, kNoTrack where there is none: every
  // event looks its track up, and a scan of the tracks themselves read a
  // cache line per track (72 bytes each) and mispredicted where it ended.
  uint32_t quick_types[kQuickTracks] = {kNoTrack, kNoTrack, kNoTrack, kNoTrack};
  std::vector<Track> tracks;  // few per container
  double last_event_time = 0;
  // Read when the container is made or ends.
  std::vector<uint32_t> children;
  Extras extras;

  // nullptr when the type has none yet. Checks use this: a track made for
  // an event that is then refused would change the order tracks close in.
  Track* FindTrack(uint32_t type) {
    unsigned hits = 0;
    for (size_t i = 0; i < kQuickTracks; ++i) hits |= unsigned{quick_types[i] == type} << i;
    if (hits != 0) return &tracks[__builtin_ctz(hits)];
    for (size_t i = kQuickTracks; i < tracks.size(); ++i) {
      if (tracks[i].type == type) return &tracks[i];
    }
    return nullptr;
  }
  // A new track, for a type that has none yet (it moves the others).
  Track& AddTrack(uint32_t type) {
    if (tracks.size() < kQuickTracks) quick_types[tracks.size()] = type;
    // One more slot at a time, not doubling: most containers keep a handful
    // of tracks, and a doubled vector would leave up to three of eight empty.
    tracks.reserve(tracks.size() + 1);
    tracks.push_back(Track{.type = type});
    return tracks.back();
  }
  // The container has ended: its memory back.
  void DropTracks() {
    std::vector<Track>().swap(tracks);
    std::fill(std::begin(quick_types), std::end(quick_types), kNoTrack);
  }
};

}  // namespace tracedb
