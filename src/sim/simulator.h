// Simulator: replays Pajé events into entities, as PajeNG's simulator does
// (../shared/docs/paje-format.md, "Simulation"). Finished entities go to the
// sink as soon as they are complete; only open ones stay in memory.
//
// Threading: one thread, events in file order. Errors are ProblemErrors
// carrying the event's line. An event that Apply refuses changes nothing
// (every check comes before the first change), so a reader may skip its
// line and go on; a TraceProblemError (an incomplete link found when its
// container ends) is the exception: the trace cannot go on.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/call_paths.h"
#include "model/chunked_vector.h"
#include "model/entity.h"
#include "model/paje_event.h"
#include "sim/link_matcher.h"
#include "sim/registry.h"
#include "sim/tracks.h"

namespace tracedb {

struct SimulatorOptions {
  bool ignore_incomplete_links =
      false;                // drop links still pending at their container's end (pj_dump -z)
  bool keep_extras = true;  // carry user-defined fields into the rows
};

struct SimulatorStats {
  uint64_t events = 0;          // events applied
  uint64_t ignored_events = 0;  // aimed at a destroyed container
  uint64_t dropped_links = 0;   // incomplete, dropped with ignore_incomplete_links
};

class Simulator {
 public:
  Simulator(SimulatorOptions options, Registry* registry, EntitySink* sink);

  void Apply(const Event& event);
  // Asks for the memory Apply will read first: the live state of `far`'s
  // container, and the tracks of `near`'s, whose live state was asked for
  // when it was far. A hint: neither event is applied yet. False, asking
  // nothing, while the live states are few enough to stay in the cache.
  bool Prefetch(const Event& far, const Event& near) const;
  // The end of the trace: every container still alive ends at the largest
  // time seen (-1 when no event had a time), closing all that is open.
  void Finish();

  double end_time() const { return end_time_; }
  // The earliest time an event carried, none before the first: where the
  // trace begins for an analyst, which the root container's start (0, as
  // in PajeNG) is not for a trace in times since 1970 or before zero.
  std::optional<double> first_time() const {
    return any_time_ ? std::optional<double>(first_time_) : std::nullopt;
  }
  const SimulatorStats& stats() const { return stats_; }

 private:
  // An entity event's container and type, and the container's track of
  // that type (nullptr: none made yet), found once for all the checks.
  struct Target {
    uint32_t container;
    uint32_t type;
    Track* track;
  };

  void DefineType(const Event& e, TypeKind kind);
  void DefineValue(const Event& e);
  void CreateContainer(const Event& e);
  void DestroyContainer(const Event& e);
  void StateEvent(const Event& e);
  void NewEvent(const Event& e);
  void VariableEvent(const Event& e);
  void LinkEvent(const Event& e);

  // Types and containers by the ids the parsers found (sim/name_snapshot.h),
  // else looked up (LookUp...): inline, for the first case is nearly every
  // event's, and a call each cost more than the load.
  uint32_t ResolveType(const Event& e, Field field, std::string_view role) const {
    uint32_t id = e.PreResolved(field);
    return id != kUnresolved ? id : LookUpType(e, field, role);
  }
  uint32_t ResolveContainerType(const Event& e, Field field, std::string_view role) const;
  uint32_t ResolveContainer(const Event& e, Field field, std::string_view role) const {
    uint32_t id = e.PreResolved(field);
    return id != kUnresolved ? id : LookUpContainer(e, field, role);
  }
  uint32_t LookUpType(const Event& e, Field field, std::string_view role) const;
  uint32_t LookUpContainer(const Event& e, Field field, std::string_view role) const;
  // The Value field's value of `type`, made on the fly if never declared.
  uint32_t ResolveValue(const Event& e, uint32_t type);
  // The Value field's value of `type`, kUnresolved when it has none yet (an
  // id, not an optional: see NameIndex::IdOf).
  uint32_t FindValue(const Event& e, uint32_t type) const;
  // Container and type of an entity event, checked; nullopt if the
  // container is destroyed (the event is then ignored).
  std::optional<Target> ResolveTarget(const Event& e, TypeKind kind);
  void CheckTimeOrder(const Event& e, Target target);
  void CheckOpenState(const Event& e, Target target);
  // The target's track, made now if it has none.
  Track& TrackOf(Target target);
  LinkPreview CheckLinkHalf(const Event& e, Target target, std::string_view key);
  void CheckColor(const Event& e) const;
  // The event's user fields for its row, none unless keep_extras.
  Extras TakeExtras(const Event& e) const {
    if (!options_.keep_extras || e.extra_count() == 0) return {};
    return CopyExtras(e);
  }
  Extras CopyExtras(const Event& e) const;
  void Touch(uint32_t container, double time);
  void ReachTime(double time);  // the end of the trace is at least `time`

  void Destroy(uint32_t container, double time, uint64_t line);
  // The container alone: its open entities and its row, once.
  void EndContainer(uint32_t container, double time, uint64_t line);
  void CloseTracks(uint32_t container, double time, uint64_t line);

  std::string TypeName(uint32_t type) const;
  std::string ContainerName(uint32_t container) const;

  SimulatorOptions options_;
  Registry* registry_;
  EntitySink* sink_;
  // By container id. In chunks, not one array, which each doubling copied
  // whole while holding old and new (75,000 containers: 6.6 MB of live
  // states; the SQLite ingest of that trace peaked 2-3 MB lower, 3 runs).
  ChunkedVector<LiveContainer> live_;
  CallPaths call_paths_;
  double end_time_ = -1;
  double first_time_ = 0;
  bool any_time_ = false;
  SimulatorStats stats_;
};

}  // namespace tracedb
