// The vocabulary of gen_paje's traces (gen_paje.cc): the event definitions of the header,
// the type hierarchy with its identifiers, and the pools of entity values.
//
// Constants and the two functions that build the tables; no state, no threads.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace tracedb::bench::paje {

// No container, no pool.
constexpr std::uint32_t kNone = UINT32_MAX;

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

// Every event definition of the header, in order.
std::vector<EventDef> EventDefs();

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
// Every pool of entity values, none of them declared yet.
std::vector<ValuePool> MakeValuePools();

// Indexes into MakeValuePools().
constexpr std::size_t kStatePool[] = {kNone, kNone, 0, 1};  // by Kind
constexpr std::size_t kEventPool[] = {kNone, kNone, 2, 3};
constexpr std::size_t kLinkPool[] = {4, 5, 6};  // by link type

constexpr std::string_view kSourceFiles[] = {"main.c", "solver.c", "comm.c", "io.c"};

}  // namespace tracedb::bench::paje
