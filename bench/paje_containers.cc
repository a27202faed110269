// gen_paje: writes a synthetic Pajé trace of a chosen size, for benchmarking tracedb.
//
//   gen_paje --size SIZE [--seed N] [--containers N] [--churn N] OUTPUT      (OUTPUT may be "-")
//
// The trace looks like a SimGrid/MPI simulation: root -> Host and Node containers -> Thread and
// Process leaves, with state stacks, events, variables and point-to-point links among leaves,
// and containers coming and going. It is valid under the semantics of
// ../shared/docs/paje-format.md by construction:
// - one clock that only moves forward, so every (container, type) is time-ordered; the one
//   exception is the start of a link whose end was written first (see CompleteUrgentLink);
// - container identifiers come from one counter and are never reused;
// - link keys come from another counter; both halves carry the same value; every link is
//   finished before the end, and a container is destroyed only when no pending link touches it;
// - Add/Sub follow a Set, PopState only pops a non-empty stack.
// The same seed always gives the same bytes.
//
// Single-threaded; all state lives in one Generator. Output, random numbers and the parsing of
// --size are shared with gen_prv (gen_output.h, gen_rng.h, gen_args.h).

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gen_args.h"
#include "gen_output.h"
#include "gen_rng.h"

namespace {

using tracedb::bench::Output;
using tracedb::bench::ParseSize;
using tracedb::bench::ParseUint;
using tracedb::bench::Rng;

constexpr std::size_t kBufferBytes = 16u << 20;
constexpr std::uint32_t kNone = UINT32_MAX;

// Average tick of 50 us: 100 MB span about two minutes of simulated time and 5 GB under two
// hours, so dates look like SimGrid's ("1234.567890").
constexpr std::uint32_t kMaxTickMicros = 100;
// Share of body lines by kind, cumulative percent, links taking the rest. Container creation
// and destruction are apart: one line in --churn (default 2000), because real traces keep
// their hundreds of containers for most of the run rather than replacing them all the time.
constexpr std::uint32_t kStateUpTo = 47;
constexpr std::uint32_t kVariableUpTo = 63;
constexpr std::uint32_t kNewEventUpTo = 74;
constexpr std::uint8_t kMaxStateDepth = 6;  // stack size; depths 0..5
constexpr std::uint32_t kMinLeavesPerKind = 4;
constexpr std::uint32_t kMinGroupsPerKind = 2;
constexpr int kDestroySamples = 16;
constexpr std::uint32_t kUrgentBackdateMicros = 30;
// Rough line lengths, used to stop early enough that the closing lines land near --size.
constexpr std::uint64_t kEndLinkLineBytes = 45;
constexpr std::uint64_t kDestroyLineBytes = 30;

// ---------------------------------------------------------------------------------------------
// The header: event definitions. Some kinds come twice, with and without Alias, so that some
// types, containers and values are referred to by alias and others by name.

namespace ev {
constexpr std::string_view kContainerType = "0";
constexpr std::string_view kContainerTypeByName = "1";
constexpr std::string_view kStateType = "2";
constexpr std::string_view kStateTypeByName = "3";
constexpr std::string_view kEventType = "4";
constexpr std::string_view kEventTypeByName = "5";
constexpr std::string_view kVariableType = "6";
constexpr std::string_view kVariableTypeByName = "7";
constexpr std::string_view kLinkType = "8";
constexpr std::string_view kLinkTypeByName = "9";
constexpr std::string_view kEntityValue = "10";
constexpr std::string_view kEntityValueByName = "11";
constexpr std::string_view kCreateContainer = "12";
constexpr std::string_view kCreateContainerByName = "13";
constexpr std::string_view kDestroyContainer = "14";
constexpr std::string_view kSetState = "15";
constexpr std::string_view kPushState = "16";
constexpr std::string_view kPopState = "17";
constexpr std::string_view kResetState = "18";
constexpr std::string_view kNewEvent = "19";
constexpr std::string_view kSetVariable = "20";
constexpr std::string_view kAddVariable = "21";
constexpr std::string_view kSubVariable = "22";
constexpr std::string_view kStartLink = "23";
constexpr std::string_view kEndLink = "24";
}  // namespace ev

struct EventDef {
  std::string_view id;
  std::string_view name;
  std::vector<std::string_view> fields;  // "Name type"
};

std::vector<EventDef> EventDefs() {
  const std::vector<std::string_view> entity = {"Time date", "Type string", "Container string",
                                                "Value string"};
  return {
      {ev::kContainerType,
       "PajeDefineContainerType",
       {"Alias string", "Type string", "Name string"}},
      {ev::kContainerTypeByName, "PajeDefineContainerType", {"Type string", "Name string"}},
      {ev::kStateType, "PajeDefineStateType", {"Alias string", "Type string", "Name string"}},
      {ev::kStateTypeByName, "PajeDefineStateType", {"Type string", "Name string"}},
      {ev::kEventType, "PajeDefineEventType", {"Alias string", "Type string", "Name string"}},
      {ev::kEventTypeByName, "PajeDefineEventType", {"Type string", "Name string"}},
      {ev::kVariableType,
       "PajeDefineVariableType",
       {"Alias string", "Type string", "Name string", "Color color"}},
      {ev::kVariableTypeByName,
       "PajeDefineVariableType",
       {"Type string", "Name string", "Color color"}},
      {ev::kLinkType,
       "PajeDefineLinkType",
       {"Alias string", "Type string", "StartContainerType string", "EndContainerType string",
        "Name string"}},
      {ev::kLinkTypeByName,
       "PajeDefineLinkType",
       {"Type string", "StartContainerType string", "EndContainerType string", "Name string"}},
      {ev::kEntityValue,
       "PajeDefineEntityValue",
       {"Alias string", "Type string", "Name string", "Color color"}},
      {ev::kEntityValueByName,
       "PajeDefineEntityValue",
       {"Type string", "Name string", "Color color"}},
      {ev::kCreateContainer,
       "PajeCreateContainer",
       {"Time date", "Alias string", "Type string", "Container string", "Name string"}},
      {ev::kCreateContainerByName,
       "PajeCreateContainer",
       {"Time date", "Name string", "Type string", "Container string"}},
      {ev::kDestroyContainer, "PajeDestroyContainer", {"Time date", "Type string", "Name string"}},
      {ev::kSetState, "PajeSetState", entity},
      // Mark is a user-defined field: tracedb keeps it with the state it opens.
      {ev::kPushState,
       "PajePushState",
       {"Time date", "Type string", "Container string", "Value string", "Mark string"}},
      {ev::kPopState, "PajePopState", {"Time date", "Type string", "Container string"}},
      {ev::kResetState, "PajeResetState", {"Time date", "Type string", "Container string"}},
      {ev::kNewEvent, "PajeNewEvent", entity},
      {ev::kSetVariable,
       "PajeSetVariable",
       {"Time date", "Type string", "Container string", "Value double"}},
      {ev::kAddVariable,
       "PajeAddVariable",
       {"Time date", "Type string", "Container string", "Value double"}},
      {ev::kSubVariable,
       "PajeSubVariable",
       {"Time date", "Type string", "Container string", "Value double"}},
      // Size is user-defined, as in SimGrid's SMPI traces.
      {ev::kStartLink,
       "PajeStartLink",
       {"Time date", "Type string", "Container string", "Value string", "StartContainer string",
        "Key string", "Size int"}},
      {ev::kEndLink,
       "PajeEndLink",
       {"Time date", "Type string", "Container string", "Value string", "EndContainer string",
        "Key string"}},
  };
}

// ---------------------------------------------------------------------------------------------
// The type hierarchy: 0 -> Host -> Thread, 0 -> Node -> Process. Identifiers below are what
// events use; Host, Thread and their entity types have aliases, Node and Process do not.

enum Kind : std::uint8_t { kHost, kNode, kThread, kProcess };

struct KindInfo {
  std::string_view container_type;
  std::string_view state_type;  // empty for groups
  std::string_view event_type;  // empty for groups
  std::string_view variable_type;
  double variable_unit;  // host power in flop/s is large, leaf counters are small
};

constexpr std::array<KindInfo, 4> kKinds = {{
    {"H", "", "", "HP", 1e6},
    {"Node", "", "", "bandwidth", 1e3},
    {"T", "ST", "E", "TM", 1},
    {"Process", "MPI_STATE", "MPI_EVENT", "msg_queue", 1},
}};

struct LinkTypeInfo {
  std::string_view id;
  Kind from;
  Kind to;
  bool within_host;  // the link's container is the host of both ends, not the root
};

constexpr std::array<LinkTypeInfo, 3> kLinkTypes = {{
    {"L", kThread, kThread, false},
    {"MIGRATE_LINK", kThread, kProcess, false},
    {"LI", kThread, kThread, true},
}};
constexpr std::size_t kCommLink = 0, kMigrateLink = 1, kIntraLink = 2;

// Type definitions, in dependency order; each line is written after its event id.
constexpr std::string_view kTypeDefinitions[] = {
    "0 H 0 \"Host\"",
    "1 0 \"Node\"",
    "0 T H \"Thread\"",
    "1 Node \"Process\"",
    "2 ST T \"THREAD_STATE\"",
    "3 Process \"MPI_STATE\"",
    "4 E T \"Signal\"",
    "5 Process \"MPI_EVENT\"",
    "6 HP H \"power_used\" \"1 0 0\"",
    "7 Node \"bandwidth\" \"0 0 1\"",
    "6 TM T \"memory\" \"0 1 0\"",
    "7 Process \"msg_queue\" \"1 0 1\"",
    "8 L 0 T T \"comm\"",
    "9 0 T Process \"MIGRATE_LINK\"",
    "8 LI H T T \"intra\"",
};

// Entity values: declared in the header, declared just before first use (as SimGrid does), or
// never declared and so created on the fly by the reader.
enum class Declare : std::uint8_t { kHeader, kOnFirstUse, kNever };

struct ValueSpec {
  std::string_view alias;  // empty: referred to by name
  std::string_view name;
  std::string_view color;
  Declare declare;
};

struct ValuePool {
  std::string_view type;
  std::vector<ValueSpec> specs;
  std::vector<bool> declared;
};

std::vector<ValuePool> MakeValuePools() {
  using D = Declare;
  std::vector<ValuePool> pools = {
      {"ST",
       {{"c", "compute", "0 1 0", D::kHeader},
        {"s", "send", "0 0 1", D::kHeader},
        {"r", "receive", "1 0 0", D::kHeader},
        {"w", "wait", "1 1 0", D::kHeader},
        {"", "sleep", "0.5 0.5 0.5", D::kOnFirstUse},
        {"", "io", "0.2 0.6 0.8", D::kOnFirstUse},
        {"", "spin", "", D::kNever},
        {"", "lock", "", D::kNever}},
       {}},
      {"MPI_STATE",
       {{"", "PMPI_Init", "0 1 0", D::kHeader},
        {"", "PMPI_Send", "0 0 1", D::kOnFirstUse},
        {"", "PMPI_Recv", "1 0 0", D::kOnFirstUse},
        {"", "PMPI_Wait", "1 1 0", D::kOnFirstUse},
        {"", "PMPI_Barrier", "0 0.39 0.78", D::kOnFirstUse},
        {"", "PMPI_Allreduce", "1 0.5 0", D::kOnFirstUse},
        {"", "PMPI_Test", "", D::kNever},
        {"", "PMPI_Iprobe", "", D::kNever}},
       {}},
      {"E",
       {{"ck", "checkpoint", "1 1 1", D::kHeader},
        {"", "gc", "0.3 0.3 0.3", D::kOnFirstUse},
        {"", "SIGUSR1", "", D::kNever},
        {"", "page_fault", "", D::kNever}},
       {}},
      {"MPI_EVENT",
       {{"", "probe", "0 1 1", D::kOnFirstUse},
        {"", "send_posted", "", D::kNever},
        {"", "recv_posted", "", D::kNever}},
       {}},
      {"L", {{"p", "PTP", "1 1 1", D::kHeader}, {"", "coll", "", D::kNever}}, {}},
      {"MIGRATE_LINK", {{"", "steal", "1 0 0", D::kOnFirstUse}, {"", "mig", "", D::kNever}}, {}},
      {"LI", {{"", "shm", "0 1 0", D::kOnFirstUse}, {"", "pipe", "", D::kNever}}, {}},
  };
  for (auto& pool : pools) pool.declared.assign(pool.specs.size(), false);
  return pools;
}

// Indexes into MakeValuePools().
constexpr std::size_t kStatePool[] = {kNone, kNone, 0, 1};  // by Kind
constexpr std::size_t kEventPool[] = {kNone, kNone, 2, 3};
constexpr std::size_t kLinkPool[] = {4, 5, 6};  // by link type

constexpr std::string_view kSourceFiles[] = {"main.c", "solver.c", "comm.c", "io.c"};

// ---------------------------------------------------------------------------------------------
// Simulation state.

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

  void Run() {
    WriteHeader();
    WriteInitialContainers();
    while (out_.Bytes() + TailBytes() < options_.target_bytes) Step();
    Finish();
    out_.Flush();
  }

 private:
  // --- header and start -------------------------------------------------------------------

  void WriteHeader() {
    out_.BeginLine();
    out_.Put("# Synthetic Paje trace written by gen_paje, seed ");
    out_.PutUint(options_.seed);
    out_.Put('\n');
    for (const EventDef& def : EventDefs()) WriteEventDef(def);
    for (std::string_view line : kTypeDefinitions) {
      out_.BeginLine();
      out_.Put(line);
      out_.Put('\n');
    }
    for (auto& pool : pools_) {
      for (std::size_t i = 0; i < pool.specs.size(); ++i) {
        if (pool.specs[i].declare == Declare::kHeader) DeclareValue(pool, i);
      }
    }
  }

  void WriteEventDef(const EventDef& def) {
    out_.BeginLine();
    out_.Put("%EventDef ");
    out_.Put(def.name);
    out_.Put(' ');
    out_.Put(def.id);
    out_.Put('\n');
    for (std::string_view field : def.fields) {
      out_.Put("%       ");
      out_.Put(field);
      out_.Put('\n');
    }
    out_.Put("%EndEventDef\n");
  }

  void WriteInitialContainers() {
    for (std::uint32_t i = 0; i < target_groups_; ++i) CreateGroup(i % 3 == 2 ? kNode : kHost);
    // Round robin so every group starts with leaves; a leaf's kind follows its group's.
    for (std::uint32_t i = 0; i < options_.leaves; ++i)
      CreateLeaf(live_groups_[i % target_groups_]);
  }

  // --- the main loop ----------------------------------------------------------------------

  void Step() {
    clock_ += rng_.Below(kMaxTickMicros + 1);
    if (rng_.Below(options_.churn) == 0) {
      ContainerStep();
      return;
    }
    const std::uint32_t r = rng_.Below(100);
    if (r < kStateUpTo) {
      StateStep();
    } else if (r < kVariableUpTo) {
      VariableStep();
    } else if (r < kNewEventUpTo) {
      NewEventStep();
    } else {
      LinkStep();
    }
  }

  // Bytes the closing lines will take: finishing every link, destroying every container.
  std::uint64_t TailBytes() const {
    const std::uint64_t links = pending_.size() + (urgent_ ? 1 : 0);
    return links * kEndLinkLineBytes +
           (live_leaves_.size() + live_groups_.size()) * kDestroyLineBytes;
  }

  void Finish() {
    if (urgent_) CompleteUrgentLink();
    while (!pending_.empty()) {
      clock_ += rng_.Below(kMaxTickMicros + 1);
      CompletePendingLink(static_cast<std::uint32_t>(pending_.size() - 1));
    }
    while (!live_leaves_.empty()) DestroyLeaf(live_leaves_.back());
    while (!live_groups_.empty()) DestroyGroup(live_groups_.back());
  }

  // --- states, events, variables ----------------------------------------------------------

  enum class StateAction { kPush, kPop, kSet, kReset };

  // Mostly balanced push/pop, stacks between 0 and kMaxStateDepth deep.
  StateAction ChooseStateAction(std::uint8_t depth) {
    const std::uint32_t r = rng_.Below(100);
    if (depth == 0) return r < 80 ? StateAction::kPush : StateAction::kSet;
    if (depth >= kMaxStateDepth) return r < 90 ? StateAction::kPop : StateAction::kReset;
    if (r < 46) return StateAction::kPush;
    if (r < 92) return StateAction::kPop;
    return r < 97 ? StateAction::kSet : StateAction::kReset;
  }

  void StateStep() {
    Container& leaf = containers_[RandomLeaf()];
    const std::string_view type = kKinds[leaf.kind].state_type;
    switch (ChooseStateAction(leaf.depth)) {
      case StateAction::kPush: {
        const std::string_view value = PickValue(kStatePool[leaf.kind]);
        BeginEntityLine(ev::kPushState, type, leaf.id);
        Field(value);
        out_.Put(' ');
        out_.Put(kSourceFiles[rng_.Below(std::size(kSourceFiles))]);
        out_.Put(':');
        out_.PutUint(10 + rng_.Below(990));
        out_.Put('\n');
        ++leaf.depth;
        break;
      }
      case StateAction::kPop:
        BeginEntityLine(ev::kPopState, type, leaf.id);
        out_.Put('\n');
        --leaf.depth;
        break;
      case StateAction::kSet: {
        const std::string_view value = PickValue(kStatePool[leaf.kind]);
        BeginEntityLine(ev::kSetState, type, leaf.id);
        Field(value);
        out_.Put('\n');
        leaf.depth = 1;
        break;
      }
      case StateAction::kReset:
        BeginEntityLine(ev::kResetState, type, leaf.id);
        out_.Put('\n');
        leaf.depth = 0;
        break;
    }
  }

  void NewEventStep() {
    const Container& leaf = containers_[RandomLeaf()];
    const std::string_view value = PickValue(kEventPool[leaf.kind]);
    BeginEntityLine(ev::kNewEvent, kKinds[leaf.kind].event_type, leaf.id);
    Field(value);
    out_.Put('\n');
  }

  void VariableStep() {
    // Leaves mostly; hosts and nodes carry their own (power, bandwidth).
    Container& c = containers_[rng_.Percent(80) ? RandomLeaf() : RandomGroup()];
    std::string_view event = ev::kSetVariable;
    std::int64_t amount = 1 + rng_.Below(400);
    const std::uint32_t r = rng_.Below(100);
    if (!c.variable_set || r < 20) {
      amount = rng_.Below(4000);
      c.variable_quarters = amount;
      c.variable_set = true;
    } else if (r < 60 || c.variable_quarters < amount) {
      event = ev::kAddVariable;
      c.variable_quarters += amount;
    } else {
      event = ev::kSubVariable;
      c.variable_quarters -= amount;
    }
    const KindInfo& kind = kKinds[c.kind];
    BeginEntityLine(event, kind.variable_type, c.id);
    out_.Put(' ');
    out_.PutDouble(static_cast<double>(amount) / 4 * kind.variable_unit);
    out_.Put('\n');
  }

  // --- links ------------------------------------------------------------------------------
  //
  // Most links are written StartLink first and finished by a random later link step, with
  // between min_in_flight_ and max_in_flight_ of them pending. A few are written EndLink
  // first ("urgent") and finished at the very next link step.

  void LinkStep() {
    if (urgent_) {
      CompleteUrgentLink();
    } else if (pending_.size() < min_in_flight_ || WantMoreInFlight()) {
      StartLink();
    } else {
      CompletePendingLink(rng_.Below(static_cast<std::uint32_t>(pending_.size())));
    }
  }

  // The fuller the pending set, the likelier a completion: the count hovers mid-range instead
  // of drifting to either bound.
  bool WantMoreInFlight() {
    if (pending_.size() >= max_in_flight_) return false;
    const auto span = static_cast<std::uint32_t>(max_in_flight_ - min_in_flight_);
    return rng_.Below(span) >= pending_.size() - min_in_flight_;
  }

  void StartLink() {
    PendingLink link = ChooseLinkEnds();
    link.key = next_key_++;
    link.value = PickValueIndex(kLinkPool[link.type]);
    link.first_time = clock_;
    ++containers_[link.from].pending_links;
    ++containers_[link.to].pending_links;
    if (rng_.Percent(5)) {
      WriteEndLink(link);
      urgent_ = link;
    } else {
      WriteStartLink(link, clock_);
      pending_.push_back(link);
    }
  }

  PendingLink ChooseLinkEnds() {
    PendingLink link{};
    const std::uint32_t r = rng_.Below(100);
    link.type = r < 70 ? kCommLink : r < 85 ? kMigrateLink : kIntraLink;
    link.container = kNone;
    link.from = RandomLeafOfKind(kThread, kNone);
    if (link.type == kIntraLink) {
      const Container& host = containers_[containers_[link.from].parent];
      if (host.children.size() >= 2) {
        link.container = containers_[link.from].parent;
        do {
          link.to = host.children[rng_.Below(static_cast<std::uint32_t>(host.children.size()))];
        } while (link.to == link.from);
        return link;
      }
      link.type = kCommLink;  // a lone thread has no neighbour to talk to
    }
    link.to = RandomLeafOfKind(kLinkTypes[link.type].to, link.from);
    return link;
  }

  // The end was written at first_time; the start goes slightly before it, but never before
  // the last completed link of the same (container, type), which is all the time-order rule
  // looks at for links. Nothing of that (container, type) completed in between, since this
  // runs at the next link step, so the link gets a positive duration.
  void CompleteUrgentLink() {
    const PendingLink link = *urgent_;
    urgent_.reset();
    std::uint64_t& bound = LinkBound(link);
    const std::uint64_t room = link.first_time > bound ? link.first_time - bound : 0;
    const std::uint64_t slack = std::min<std::uint64_t>(room, kUrgentBackdateMicros);
    WriteStartLink(link, link.first_time - rng_.Below(static_cast<std::uint32_t>(slack) + 1));
    bound = link.first_time;
    ReleaseEnds(link);
  }

  void CompletePendingLink(std::uint32_t index) {
    const PendingLink link = pending_[index];
    pending_[index] = pending_.back();
    pending_.pop_back();
    WriteEndLink(link);
    LinkBound(link) = clock_;
    ReleaseEnds(link);
  }

  std::uint64_t& LinkBound(const PendingLink& link) {
    return link.container == kNone ? root_link_bound_[link.type]
                                   : containers_[link.container].intra_bound;
  }

  void ReleaseEnds(const PendingLink& link) {
    --containers_[link.from].pending_links;
    --containers_[link.to].pending_links;
  }

  // "23 12.345678 L 0 p h12.t345 8812 4096"
  void WriteStartLink(const PendingLink& link, std::uint64_t time) {
    BeginLinkLine(ev::kStartLink, link, time);
    Field(containers_[link.from].id);
    out_.Put(' ');
    out_.PutUint(link.key);
    out_.Put(' ');
    out_.PutUint(std::uint64_t{64} << rng_.Below(12));
    out_.Put('\n');
  }

  void WriteEndLink(const PendingLink& link) {
    BeginLinkLine(ev::kEndLink, link, clock_);
    Field(containers_[link.to].id);
    out_.Put(' ');
    out_.PutUint(link.key);
    out_.Put('\n');
  }

  void BeginLinkLine(std::string_view event, const PendingLink& link, std::uint64_t time) {
    out_.BeginLine();
    out_.Put(event);
    out_.Put(' ');
    out_.PutTime(time);
    Field(kLinkTypes[link.type].id);
    Field(link.container == kNone ? std::string_view("0") : containers_[link.container].id);
    Field(ValueToken(pools_[kLinkPool[link.type]].specs[link.value]));
  }

  // --- containers -------------------------------------------------------------------------
  //
  // Leaves come and go around options_.leaves; now and then a whole host or node goes (with
  // its leaves) and a new one comes.

  void ContainerStep() {
    if (rng_.Percent(10)) {
      GroupChurn();
    } else {
      LeafChurn();
    }
  }

  void LeafChurn() {
    const std::size_t n = live_leaves_.size();
    const std::size_t target = options_.leaves;
    const bool want_create = n * 100 < target * 95 || (n * 100 <= target * 105 && rng_.Percent(50));
    if (!want_create && TryDestroyLeaf()) return;
    if (n * 100 < target * 120) CreateLeaf(RandomGroup());
  }

  void GroupChurn() {
    const std::size_t n = live_groups_.size();
    const bool want_create = n < target_groups_ || (n == target_groups_ && rng_.Percent(50));
    if (!want_create && TryDestroyGroup()) return;
    if (n * 100 < target_groups_ * 120) CreateGroup(rng_.Below(3) == 2 ? kNode : kHost);
  }

  bool TryDestroyLeaf() {
    for (int i = 0; i < kDestroySamples; ++i) {
      const std::uint32_t slot = RandomLeaf();
      const Container& leaf = containers_[slot];
      if (leaf.pending_links == 0 && live_count_[leaf.kind] > kMinLeavesPerKind) {
        DestroyLeaf(slot);
        return true;
      }
    }
    return false;
  }

  bool TryDestroyGroup() {
    for (int i = 0; i < 4; ++i) {
      const std::uint32_t slot = RandomGroup();
      if (CanDestroyGroup(containers_[slot])) {
        DestroyGroup(slot);
        return true;
      }
    }
    return false;
  }

  bool CanDestroyGroup(const Container& group) const {
    if (live_count_[group.kind] <= kMinGroupsPerKind) return false;
    for (std::uint32_t child : group.children) {
      if (containers_[child].pending_links != 0) return false;
    }
    const Kind leaf_kind = group.kind == kHost ? kThread : kProcess;
    return live_count_[leaf_kind] >= kMinLeavesPerKind + group.children.size();
  }

  // "12 0.000000 h3 H 0 "host-3"" or "13 0.000000 "node 5" Node 0"
  void CreateGroup(Kind kind) {
    const std::uint32_t number = next_container_number_++;
    std::string id =
        kind == kHost ? "h" + std::to_string(number) : "\"node " + std::to_string(number) + "\"";
    if (kind == kHost) {
      BeginTimedLine(ev::kCreateContainer);
      Field(id);
      Field(kKinds[kind].container_type);
      out_.Put(" 0 \"host-");
      out_.PutUint(number);
      out_.Put('"');
    } else {
      BeginTimedLine(ev::kCreateContainerByName);
      Field(id);
      Field(kKinds[kind].container_type);
      out_.Put(" 0");
    }
    out_.Put('\n');
    const std::uint32_t slot = NewSlot(kind, std::move(id));
    containers_[slot].live_pos = static_cast<std::uint32_t>(live_groups_.size());
    live_groups_.push_back(slot);
  }

  // "12 1.234567 h3.t17 T h3 "thread 17"" or "13 1.234567 rank-18 Process "node 5""
  void CreateLeaf(std::uint32_t group_slot) {
    const Kind kind = containers_[group_slot].kind == kHost ? kThread : kProcess;
    const std::uint32_t number = next_container_number_++;
    const std::string& parent_id = containers_[group_slot].id;
    std::string id = kind == kThread ? parent_id + ".t" + std::to_string(number)
                                     : "rank-" + std::to_string(number);
    if (kind == kThread) {
      BeginTimedLine(ev::kCreateContainer);
      Field(id);
      Field(kKinds[kind].container_type);
      Field(parent_id);
      out_.Put(" \"thread ");
      out_.PutUint(number);
      out_.Put("\"\n");
    } else {
      BeginTimedLine(ev::kCreateContainerByName);
      Field(id);
      Field(kKinds[kind].container_type);
      Field(parent_id);
      out_.Put('\n');
    }
    const std::uint32_t slot = NewSlot(kind, std::move(id));
    Container& leaf = containers_[slot];
    Container& group = containers_[group_slot];
    leaf.parent = group_slot;
    leaf.child_pos = static_cast<std::uint32_t>(group.children.size());
    group.children.push_back(slot);
    leaf.live_pos = static_cast<std::uint32_t>(live_leaves_.size());
    live_leaves_.push_back(slot);
  }

  void DestroyLeaf(std::uint32_t slot) {
    WriteDestroy(containers_[slot]);
    Container& group = containers_[containers_[slot].parent];
    const std::uint32_t moved = group.children.back();
    group.children[containers_[slot].child_pos] = moved;
    containers_[moved].child_pos = containers_[slot].child_pos;
    group.children.pop_back();
    ForgetLeaf(slot);
  }

  // One line destroys the group and, per the format, every leaf inside it.
  void DestroyGroup(std::uint32_t slot) {
    WriteDestroy(containers_[slot]);
    for (std::uint32_t child : containers_[slot].children) ForgetLeaf(child);
    containers_[slot].children.clear();
    RemoveLive(live_groups_, slot);
    FreeSlot(slot);
  }

  void ForgetLeaf(std::uint32_t slot) {
    RemoveLive(live_leaves_, slot);
    FreeSlot(slot);
  }

  void WriteDestroy(const Container& c) {
    BeginTimedLine(ev::kDestroyContainer);
    Field(kKinds[c.kind].container_type);
    Field(c.id);
    out_.Put('\n');
  }

  std::uint32_t NewSlot(Kind kind, std::string id) {
    std::uint32_t slot;
    if (free_slots_.empty()) {
      slot = static_cast<std::uint32_t>(containers_.size());
      containers_.emplace_back();
    } else {
      slot = free_slots_.back();
      free_slots_.pop_back();
    }
    Container& c = containers_[slot];
    std::vector<std::uint32_t> children = std::move(c.children);  // keep its capacity
    c = Container{};
    c.children = std::move(children);
    c.id = std::move(id);
    c.kind = kind;
    ++live_count_[kind];
    return slot;
  }

  void FreeSlot(std::uint32_t slot) {
    --live_count_[containers_[slot].kind];
    free_slots_.push_back(slot);
  }

  void RemoveLive(std::vector<std::uint32_t>& live, std::uint32_t slot) {
    const std::uint32_t moved = live.back();
    live[containers_[slot].live_pos] = moved;
    containers_[moved].live_pos = containers_[slot].live_pos;
    live.pop_back();
  }

  // --- picking ----------------------------------------------------------------------------

  std::uint32_t RandomLeaf() {
    return live_leaves_[rng_.Below(static_cast<std::uint32_t>(live_leaves_.size()))];
  }

  std::uint32_t RandomGroup() {
    return live_groups_[rng_.Below(static_cast<std::uint32_t>(live_groups_.size()))];
  }

  // Rejection sampling: each kind keeps at least kMinLeavesPerKind live leaves and is a
  // sizeable share of all leaves, so this ends quickly.
  std::uint32_t RandomLeafOfKind(Kind kind, std::uint32_t exclude) {
    for (;;) {
      const std::uint32_t slot = RandomLeaf();
      if (containers_[slot].kind == kind && slot != exclude) return slot;
    }
  }

  std::uint32_t PickValueIndex(std::size_t pool_index) {
    ValuePool& pool = pools_[pool_index];
    const std::uint32_t i = rng_.Below(static_cast<std::uint32_t>(pool.specs.size()));
    if (pool.specs[i].declare == Declare::kOnFirstUse && !pool.declared[i]) {
      DeclareValue(pool, i);
    }
    return i;
  }

  // Must run before the line that uses the value is begun: it may write a declaration.
  std::string_view PickValue(std::size_t pool_index) {
    return ValueToken(pools_[pool_index].specs[PickValueIndex(pool_index)]);
  }

  static std::string_view ValueToken(const ValueSpec& spec) {
    return spec.alias.empty() ? spec.name : spec.alias;
  }

  // "10 c ST "compute" "0 1 0"" or "11 MPI_STATE "PMPI_Send" "0 0 1""
  void DeclareValue(ValuePool& pool, std::size_t i) {
    const ValueSpec& spec = pool.specs[i];
    out_.BeginLine();
    if (spec.alias.empty()) {
      out_.Put(ev::kEntityValueByName);
    } else {
      out_.Put(ev::kEntityValue);
      Field(spec.alias);
    }
    Field(pool.type);
    out_.Put(" \"");
    out_.Put(spec.name);
    out_.Put("\" \"");
    out_.Put(spec.color);
    out_.Put("\"\n");
    pool.declared[i] = true;
  }

  // --- line helpers -----------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Command line.

constexpr std::string_view kUsage =
    "usage: gen_paje --size SIZE [--seed N] [--containers N] [--churn N] OUTPUT\n"
    "  SIZE: bytes, with an optional K, M, G or T suffix (powers of 1024): 1M, 100M, 5G\n"
    "  --seed N: same seed, same bytes (default 1)\n"
    "  --containers N: live thread/process containers, at least 16 (default 400)\n"
    "  --churn N: one container created or destroyed per N lines, at least 1 (default 2000)\n"
    "  OUTPUT: a file, or - for stdout\n";

struct CommandLine {
  Options options;
  std::string output;
};

std::optional<CommandLine> ParseCommandLine(int argc, char** argv) {
  CommandLine cl;
  bool have_size = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--size" && has_value) {
      const auto v = ParseSize(argv[++i]);
      if (!v) return std::nullopt;
      cl.options.target_bytes = *v;
      have_size = true;
    } else if (arg == "--seed" && has_value) {
      const auto v = ParseUint(argv[++i]);
      if (!v) return std::nullopt;
      cl.options.seed = *v;
    } else if (arg == "--churn" && has_value) {
      const auto v = ParseUint(argv[++i]);
      if (!v || *v < 1 || *v > UINT32_MAX) return std::nullopt;
      cl.options.churn = static_cast<std::uint32_t>(*v);
    } else if (arg == "--containers" && has_value) {
      const auto v = ParseUint(argv[++i]);
      if (!v || *v < 16 || *v > 10'000'000) return std::nullopt;
      cl.options.leaves = static_cast<std::uint32_t>(*v);
    } else if (cl.output.empty() && (arg == "-" || !arg.starts_with("-"))) {
      cl.output = arg;
    } else {
      return std::nullopt;
    }
  }
  if (!have_size || cl.output.empty()) return std::nullopt;
  return cl;
}

}  // namespace

int main(int argc, char** argv) {
  const auto cl = ParseCommandLine(argc, argv);
  if (!cl) {
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  const bool written = tracedb::bench::WriteOutput("gen_paje", cl->output, [&](std::FILE* file) {
    Output out(file, kBufferBytes);
    Generator(cl->options, out).Run();
  });
  return written ? 0 : 1;
}
