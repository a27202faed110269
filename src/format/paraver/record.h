// The records of a Paraver trace body (.prv), as the parser workers hand
// them to the in-order mapper: plain numbers, already checked against the
// header's objects, no pointers into the block's text.
//
//   1:CPU:APPL:TASK:THREAD:BEGIN:END:STATE
//   2:CPU:APPL:TASK:THREAD:TIME:TYPE:VALUE[:TYPE:VALUE...]
//   3:CPU:APPL:TASK:THREAD:LSEND:PSEND:CPU:APPL:TASK:THREAD:LRECV:PRECV:SIZE:TAG
//
// Times are raw ticks of the header's unit. Threads are numbered globally
// from 0 (object_model.h); CPU 0 means "no CPU".
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/latin1_text.h"

namespace tracedb::paraver {

inline constexpr int64_t kOpenEnd = -1;  // a state record's END when still open

// An event value: 64 bits either way, since counters exceed 2^63 - 1 and
// some values are negative. Kept as sign and magnitude so that its decimal
// text is exact for every value a trace can hold.
struct EventValue {
  uint64_t magnitude = 0;
  bool negative = false;  // never set for magnitude 0
  bool operator==(const EventValue&) const = default;
};

struct EventValueHash {
  size_t operator()(const EventValue& v) const {
    return std::hash<uint64_t>()(v.magnitude * 2 + (v.negative ? 1 : 0));
  }
};

// The exact decimal text: "18446744073709551615", "-3".
std::string ToText(const EventValue& value);
// The value as a 64-bit integer; nullopt beyond (from 2^63 up, or below -2^63).
std::optional<int64_t> AsInt64(const EventValue& value);

struct EventPair {
  int64_t type;
  EventValue value;
};

enum class RecordKind : uint8_t { kState, kEvent, kComm };

// What only a communication record has.
struct CommDetail {
  uint32_t recv_thread;
  uint32_t recv_cpu;
  int64_t logical_send;
  int64_t logical_recv;
  int64_t size;
};

struct Record {
  RecordKind kind;
  uint32_t line;    // within its block, 1-based
  uint32_t thread;  // the sender's, for a communication
  uint32_t cpu;
  int64_t time;    // state BEGIN, event TIME, communication PSEND
  int64_t end;     // state END (kOpenEnd: open), communication PRECV
  int64_t value;   // state STATE, communication TAG
  uint32_t first;  // events: first pair in ParsedRecords::pairs; comms: index in comms
  uint32_t count;  // events: number of pairs
};

// One block's worth, in file order. `problems` are its bad lines, in order;
// the lines after each were still parsed (the in-order stage decides whether
// a bad line fails the read or is skipped: model/bad_lines.h).
struct ParsedRecords {
  std::vector<Record> records;
  std::vector<EventPair> pairs;
  std::vector<CommDetail> comms;
  std::vector<std::string> communicators;  // "c:..." lines, as written (made UTF-8)
  Latin1Lines latin1;                      // those read as Latin-1, within the block
  uint64_t line_count = 0;
  uint64_t bytes = 0;  // of the block's text
  struct Problem {
    uint64_t line;  // within the block
    std::string text;
  };
  std::vector<Problem> problems;
};

}  // namespace tracedb::paraver
