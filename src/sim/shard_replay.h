// The part of the Pajé simulation that belongs to one container: its
// tracks (state stacks, the variable interval, pending link halves), the
// checks that read them and the rows they make. The sharded simulator
// (sim/sharded_simulator.h) runs it on the container's worker, while the
// registry's part (names, ids, types, the container tree) stays with the
// sequencer, the Simulator on the reading thread.
//
// A refusal is returned as data, not a message: the message needs names,
// which only the registry's thread may read (RefusalProblem, there).
//
// Threading: a ShardMessage's container is touched by one thread at a time
// (its worker, or the reading thread while every worker is idle); the
// functions keep no state of their own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/entity.h"
#include "model/paje_event.h"
#include "sim/link_matcher.h"
#include "sim/registry.h"
#include "sim/tracks.h"

namespace tracedb {

// An entity event whose registry checks passed, or (kDestroyContainer) the
// end of its container. Plain data, made for every event: a message with
// strings of its own was a third of the sequencer's work, so it points to
// its event, which the reader keeps until the message is simulated
// (ShardedSimulator::Keep), or to a copy in its batch.
struct ShardMessage {
  const Event* event;  // nullptr: the batch's copies[copy]
  uint32_t container;
  uint32_t type;
  uint32_t value;  // kUnresolved: the Value names no value yet
  uint32_t copy;
  int64_t end;  // links: the start or end container
  EventKind kind;
  bool extras;  // with `event`: its user fields go into the row
};

// What a message without its event carries.
struct CopiedEvent {
  uint64_t line;
  double time;
  double number;  // variables: the amount; kDestroyContainer: the container's start
  // kDestroyContainer: ended by its own DestroyContainer, whose time
  // becomes its last event's (not by its parent's).
  bool touched = false;
  std::string time_text;  // as the trace wrote it, for the time-order message
  std::string key;
  std::string value_text;  // as written, for a link's value mismatch
  Extras extras;
};

// The messages of one worker in one epoch.
struct ShardBatch {
  std::vector<ShardMessage> messages;
  std::vector<CopiedEvent> copies;

  void clear() {
    messages.clear();
    copies.clear();
  }
};

// A message as its worker reads it, wherever its fields are.
struct ShardEvent {
  EventKind kind;
  bool touched;
  uint32_t container;
  uint32_t type;
  uint32_t value;
  int64_t end;
  uint64_t line;
  double time;
  double number;
  std::string_view time_text;
  std::string_view key;
  std::string_view value_text;
};

ShardEvent ViewOf(const ShardBatch& batch, const ShardMessage& m);
// The message's user fields, for its row (moved out of a copy).
Extras TakeExtras(ShardBatch& batch, const ShardMessage& m);
// A copy of `e`'s fields, for a message that cannot point to it.
CopiedEvent CopyOf(const Event& e, bool extras);

enum class RefusalKind : uint8_t {
  kNotTimeOrdered,
  kPopWithoutState,
  kAddBeforeSet,
  kSubBeforeSet,
  kKeyReused,
  kValueMismatch,
  kIncompleteLink,  // the trace cannot go on (TraceProblemError)
};

struct Refusal {
  RefusalKind kind;
  uint64_t line;
  uint32_t type;
  uint32_t container;
  uint32_t pending_value = 0;  // kValueMismatch: the other half's value
  bool start = false;          // kValueMismatch: a StartLink; kIncompleteLink: its start came
  std::string text;            // the time as written; links: the key
  std::string value_text;      // kValueMismatch: the Value as written
};

// The event's user fields, copied for its row.
Extras ExtrasOf(const Event& e);

// The message of a refusal, worded as the Simulator words it.
std::string RefusalProblem(const Refusal& refusal, const Registry& registry);

// What the accepted events of a shard add to the simulator's stats.
struct ShardTally {
  uint64_t events = 0;
  uint64_t dropped_links = 0;
  bool any_time = false;
  double first_time = 0;
  double last_time = 0;

  void Touch(double time) {
    if (!any_time || time < first_time) first_time = time;
    if (!any_time || time > last_time) last_time = time;
    any_time = true;
    ++events;
  }
};

// Every check of an entity message, on `live`, its container's tracks,
// changing nothing; for links, what the half would do (`preview`).
// nullopt: accepted.
std::optional<Refusal> CheckOnShard(const ShardEvent& m, LiveContainer& live,
                                    LinkPreview* preview);
// Checks and, if accepted, applies message `i` of `batch` to `live`, its
// container's tracks; the rows go to `sink`. A container's end returns a
// refusal only for an incomplete link, after the rows of the tracks closed
// before it (as the Simulator, which then stops).
std::optional<Refusal> ReplayOnShard(ShardBatch& batch, size_t i, LiveContainer& live,
                                     bool ignore_incomplete_links, EntitySink& sink,
                                     ShardTally& tally);
// Closes every track of a container that ends at `time` (`line`: the
// event ending it, blamed for a link with no line of its own): the
// refusal of its first incomplete link, unless `ignore_incomplete_links`,
// which drops them (counted in `dropped`).
std::optional<Refusal> CloseTracks(LiveContainer& live, uint32_t container, double time,
                                   uint64_t line, bool ignore_incomplete_links, EntitySink& sink,
                                   uint64_t& dropped);

}  // namespace tracedb
