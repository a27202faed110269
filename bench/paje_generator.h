// gen_paje's generator: the simulated containers, states, variables and links of one trace,
// and the lines that write them. Its methods are in three files: paje_generator.cc (the header,
// the main loop, states, events, variables, the values), paje_links.cc and paje_containers.cc.
//
// Single-threaded; all state lives in one Generator, which writes through one Output.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gen_output.h"
#include "gen_rng.h"
#include "paje_vocabulary.h"

namespace tracedb::bench::paje {

constexpr std::uint32_t kMinGroupsPerKind = 2;

// One slot for a group (Host/Node) or a leaf (Thread/Process). Slots are recycled after a
// destroy; identifiers are not.
struct Container {
  std::string id;  // the token events use: alias, or name (quoted when it has a space)
  Kind kind = kHost;
  std::uint32_t parent = kNone;         // leaves: slot of the group
  std::uint32_t live_pos = 0;           // index in live_groups_ or live_leaves_
  std::uint32_t child_pos = 0;          // leaves: index in the parent's children
  std::vector<std::uint32_t> children;  // groups: live leaf slots
  std::uint8_t depth = 0;               // leaves: size of the state stack
  bool variable_set = false;            // Add/Sub are only allowed after a Set
  std::int64_t variable_quarters = 0;   // value * 4, so sums stay exact in a double
  std::uint32_t pending_links = 0;      // pending links with an end here block a destroy
  std::uint64_t intra_bound = 0;        // groups: max(start, end) of the last completed LI link
};

struct PendingLink {
  std::uint32_t type;       // index into kLinkTypes
  std::uint32_t container;  // group slot, or kNone for the root
  std::uint32_t from;
  std::uint32_t to;
  std::uint64_t key;
  std::uint32_t value;       // index into the link type's value pool
  std::uint64_t first_time;  // of the half already written
};

struct Options {
  std::uint64_t target_bytes = 0;
  std::uint64_t seed = 1;
  std::uint32_t leaves = 400;  // live Thread/Process containers, kept near this number
  std::uint32_t churn = 2000;  // one container creation or destruction per this many lines
};

class Generator {
 public:
  Generator(const Options& options, Output& out)
      : options_(options),
        out_(out),
        rng_(options.seed),
        pools_(MakeValuePools()),
        target_groups_(std::max<std::uint32_t>(2 * kMinGroupsPerKind, options.leaves / 2)),
        min_in_flight_(options.leaves / 4),
        max_in_flight_(options.leaves) {}

  // Writes the whole trace, then flushes the output.
  void Run();

 private:
  // --- header and start (paje_generator.cc) ------------------------------------------------------
  void WriteHeader();
  void WriteEventDef(const EventDef& def);
  void WriteInitialContainers();

  // --- the main loop (paje_generator.cc) ---------------------------------------------------------
  void Step();
  std::uint64_t TailBytes() const;
  void Finish();

  // --- states, events, variables (paje_generator.cc) ---------------------------------------------

  enum class StateAction { kPush, kPop, kSet, kReset };

  StateAction ChooseStateAction(std::uint8_t depth);
  void StateStep();
  void NewEventStep();
  void VariableStep();

  // --- links (paje_links.cc) ---------------------------------------------------------------------
  void LinkStep();
  bool WantMoreInFlight();
  void StartLink();
  PendingLink ChooseLinkEnds();
  void CompleteUrgentLink();
  void CompletePendingLink(std::uint32_t index);
  std::uint64_t& LinkBound(const PendingLink& link);
  void ReleaseEnds(const PendingLink& link);
  void WriteStartLink(const PendingLink& link, std::uint64_t time);
  void WriteEndLink(const PendingLink& link);
  void BeginLinkLine(std::string_view event, const PendingLink& link, std::uint64_t time);

  // --- containers (paje_containers.cc) -----------------------------------------------------------
  void ContainerStep();
  void LeafChurn();
  void GroupChurn();
  bool TryDestroyLeaf();
  bool TryDestroyGroup();
  bool CanDestroyGroup(const Container& group) const;
  void CreateGroup(Kind kind);
  void CreateLeaf(std::uint32_t group_slot);
  void DestroyLeaf(std::uint32_t slot);
  void DestroyGroup(std::uint32_t slot);
  void ForgetLeaf(std::uint32_t slot);
  void WriteDestroy(const Container& c);
  std::uint32_t NewSlot(Kind kind, std::string id);
  void FreeSlot(std::uint32_t slot);
  void RemoveLive(std::vector<std::uint32_t>& live, std::uint32_t slot);

  // --- picking (paje_generator.cc) ---------------------------------------------------------------

  std::uint32_t RandomLeaf() {
    return live_leaves_[rng_.Below(static_cast<std::uint32_t>(live_leaves_.size()))];
  }

  std::uint32_t RandomGroup() {
    return live_groups_[rng_.Below(static_cast<std::uint32_t>(live_groups_.size()))];
  }

  std::uint32_t RandomLeafOfKind(Kind kind, std::uint32_t exclude);
  std::uint32_t PickValueIndex(std::size_t pool_index);
  std::string_view PickValue(std::size_t pool_index);
  static std::string_view ValueToken(const ValueSpec& spec);
  void DeclareValue(ValuePool& pool, std::size_t i);

  // --- line helpers ------------------------------------------------------------------------------

  void BeginTimedLine(std::string_view event) {
    out_.BeginLine();
    out_.Put(event);
    out_.Put(' ');
    out_.PutTime(clock_);
  }

  // "ID TIME TYPE CONTAINER"
  void BeginEntityLine(std::string_view event, std::string_view type, std::string_view container) {
    BeginTimedLine(event);
    Field(type);
    Field(container);
  }

  void Field(std::string_view token) {
    out_.Put(' ');
    out_.Put(token);
  }

  const Options options_;
  Output& out_;
  Rng rng_;
  std::vector<ValuePool> pools_;
  const std::uint32_t target_groups_;
  const std::size_t min_in_flight_;
  const std::size_t max_in_flight_;

  std::uint64_t clock_ = 0;  // microseconds
  std::uint64_t next_key_ = 1;
  std::uint32_t next_container_number_ = 1;
  std::vector<Container> containers_;
  std::vector<std::uint32_t> free_slots_;
  std::vector<std::uint32_t> live_groups_;
  std::vector<std::uint32_t> live_leaves_;
  std::array<std::uint32_t, 4> live_count_{};  // by Kind
  std::vector<PendingLink> pending_;
  std::optional<PendingLink> urgent_;
  std::array<std::uint64_t, kLinkTypes.size()> root_link_bound_{};
};

}  // namespace tracedb::bench::paje
