#include "format/paraver/record_parser.h"

#include <charconv>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "model/utf8.h"

namespace tracedb::paraver {
namespace {

// Thrown inside one line, caught by the block loop, which records it.
struct LineProblem {
  std::string text;
};

constexpr size_t kStateFields = 8;
constexpr size_t kCommFields = 15;
constexpr size_t kEventHead = 6;  // 2:CPU:APPL:TASK:THREAD:TIME

std::string Quoted(std::string_view text) {
  constexpr size_t kShown = 32;
  std::string shown(text.substr(0, kShown));
  if (text.size() > kShown) shown += "...";
  return "'" + shown + "'";
}

template <typename T>
T Integer(std::string_view text, const char* name) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc() && end == text.data() + text.size()) return value;
  if (ec == std::errc::result_out_of_range) {
    throw LineProblem{std::string(name) + " is out of range: " + Quoted(text)};
  }
  if (std::is_unsigned_v<T> && !text.empty() && text.front() == '-') {
    throw LineProblem{std::string(name) + " must not be negative: " + Quoted(text)};
  }
  throw LineProblem{std::string(name) + " is not an integer: " + Quoted(text)};
}

EventValue Value(std::string_view text) {
  bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  auto magnitude = Integer<uint64_t>(text, "VALUE");
  return EventValue{magnitude, negative && magnitude != 0};
}

// Fields 1-4 of every record (and 7-10 of a communication's receiver):
// CPU:APPL:TASK:THREAD, checked against the header.
struct Where {
  uint32_t thread;
  uint32_t cpu;
};

std::string ThreadName(uint64_t appl, uint64_t task, uint64_t thread) {
  return std::to_string(appl) + "." + std::to_string(task) + "." + std::to_string(thread);
}

Where Locate(std::span<const std::string_view> f, const ObjectModel& objects) {
  auto cpu = Integer<uint32_t>(f[0], "CPU");
  auto appl = Integer<uint64_t>(f[1], "APPL");
  auto task = Integer<uint64_t>(f[2], "TASK");
  auto thread = Integer<uint64_t>(f[3], "THREAD");
  std::optional<ThreadPlace> place = objects.FindThread(appl, task, thread);
  if (!place)
    throw LineProblem{"thread " + ThreadName(appl, task, thread) + " is not in the header"};
  if (cpu == 0) return {place->index, 0};
  if (cpu > objects.cpu_count()) {
    throw LineProblem{"CPU " + std::to_string(cpu) + " is not in the header (" +
                      (objects.has_resources() ? std::to_string(objects.cpu_count()) + " CPUs"
                                               : std::string("no resource model")) +
                      ")"};
  }
  uint32_t node = objects.NodeOfCpu(cpu);
  if (place->node != 0 && place->node != node) {
    throw LineProblem{"thread " + ThreadName(appl, task, thread) + " is on node " +
                      std::to_string(place->node) + " but CPU " + std::to_string(cpu) +
                      " is on node " + std::to_string(node)};
  }
  return {place->index, cpu};
}

void CheckFieldCount(size_t found, size_t wanted, const char* record) {
  if (found != wanted) {
    throw LineProblem{std::string(record) + " record needs " + std::to_string(wanted) +
                      " fields, found " + std::to_string(found)};
  }
}

// 1:CPU:APPL:TASK:THREAD:BEGIN:END:STATE
Record State(std::span<const std::string_view> f, const ObjectModel& objects) {
  CheckFieldCount(f.size(), kStateFields, "state");
  Where at = Locate(f.subspan(1, 4), objects);
  Record r{.kind = RecordKind::kState,
           .thread = at.thread,
           .cpu = at.cpu,
           .time = Integer<int64_t>(f[5], "BEGIN"),
           .end = Integer<int64_t>(f[6], "END"),
           .value = Integer<int64_t>(f[7], "STATE")};
  // Only -1 means "still open"; any other END before BEGIN would store a
  // state of negative duration.
  if (r.end != kOpenEnd && r.end < r.time) {
    throw LineProblem{"state ends before it begins: END " + std::to_string(r.end) + " < BEGIN " +
                      std::to_string(r.time)};
  }
  return r;
}

// 2:CPU:APPL:TASK:THREAD:TIME:TYPE:VALUE[:TYPE:VALUE...]
Record Event(std::span<const std::string_view> f, const ObjectModel& objects,
             std::vector<EventPair>* pairs) {
  if (f.size() < kEventHead + 2) {
    throw LineProblem{"event record needs TIME and at least one TYPE:VALUE pair, found " +
                      std::to_string(f.size()) + " fields"};
  }
  if ((f.size() - kEventHead) % 2 != 0) {
    throw LineProblem{"event record has a TYPE without a VALUE (odd number of type:value fields)"};
  }
  Where at = Locate(f.subspan(1, 4), objects);
  Record r{.kind = RecordKind::kEvent,
           .thread = at.thread,
           .cpu = at.cpu,
           .time = Integer<int64_t>(f[5], "TIME"),
           .first = static_cast<uint32_t>(pairs->size()),
           .count = static_cast<uint32_t>((f.size() - kEventHead) / 2)};
  for (size_t i = kEventHead; i < f.size(); i += 2) {
    pairs->push_back({Integer<int64_t>(f[i], "TYPE"), Value(f[i + 1])});
  }
  return r;
}

// 3:CPU:APPL:TASK:THREAD:LSEND:PSEND:CPU:APPL:TASK:THREAD:LRECV:PRECV:SIZE:TAG
Record Comm(std::span<const std::string_view> f, const ObjectModel& objects,
            std::vector<CommDetail>* comms) {
  CheckFieldCount(f.size(), kCommFields, "communication");
  Where from = Locate(f.subspan(1, 4), objects);
  Where to = Locate(f.subspan(7, 4), objects);
  Record r{.kind = RecordKind::kComm,
           .thread = from.thread,
           .cpu = from.cpu,
           .time = Integer<int64_t>(f[6], "PSEND"),
           .end = Integer<int64_t>(f[12], "PRECV"),
           .value = Integer<int64_t>(f[14], "TAG"),
           .first = static_cast<uint32_t>(comms->size())};
  comms->push_back(CommDetail{.recv_thread = to.thread,
                              .recv_cpu = to.cpu,
                              .logical_send = Integer<int64_t>(f[5], "LSEND"),
                              .logical_recv = Integer<int64_t>(f[11], "LRECV"),
                              .size = Integer<int64_t>(f[13], "SIZE")});
  return r;
}

bool Blank(std::string_view line) {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

// "c:..." (or C, i, I): a communicator definition, kept as written.
bool IsCommunicator(std::string_view line) {
  return line.size() >= 2 && line[1] == ':' &&
         (line[0] == 'c' || line[0] == 'C' || line[0] == 'i' || line[0] == 'I');
}

void Split(std::string_view line, std::vector<std::string_view>* fields) {
  fields->clear();
  size_t from = 0;
  for (;;) {
    size_t colon = line.find(':', from);
    fields->push_back(line.substr(from, colon - from));
    if (colon == std::string_view::npos) return;
    from = colon + 1;
  }
}

// Kept as written, or read as Latin-1 when not UTF-8 (model/latin1_text.h).
void KeepCommunicator(std::string_view line, uint32_t line_number, ParsedRecords* out) {
  if (IsUtf8(line)) {
    out->communicators.emplace_back(line);
    return;
  }
  out->communicators.push_back(Latin1AsUtf8(line));
  out->latin1.Add(line_number);
}

// One line: its record, if it holds one, goes to *out.
void ParseLine(std::string_view line, uint32_t line_number, const ObjectModel& objects,
               ParsedRecords* out, std::vector<std::string_view>* fields) {
  if (Blank(line) || line.front() == '#') return;
  if (IsCommunicator(line)) return KeepCommunicator(line, line_number, out);
  Split(line, fields);
  std::string_view kind = fields->front();
  if (kind == "1") {
    out->records.push_back(State(*fields, objects));
  } else if (kind == "2") {
    out->records.push_back(Event(*fields, objects, &out->pairs));
  } else if (kind == "3") {
    out->records.push_back(Comm(*fields, objects, &out->comms));
  } else if (kind != "4") {  // 4: global operation, ignored (paraver-format.md)
    throw LineProblem{"unknown record type " + Quoted(kind)};
  }
}

}  // namespace

ParsedRecords ParseRecords(std::string_view text, const ObjectModel& objects) {
  ParsedRecords out;
  out.records.reserve(text.size() / 48);
  std::vector<std::string_view> fields;
  const char* p = text.data();
  const char* end = p + text.size();
  uint32_t line_number = 0;
  while (p < end) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', end - p));
    std::string_view line(p, (nl ? nl : end) - p);
    p = nl ? nl + 1 : end;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    size_t before = out.records.size();
    size_t pairs = out.pairs.size();
    size_t comms = out.comms.size();
    try {
      ParseLine(line, line_number, objects, &out, &fields);
    } catch (const LineProblem& problem) {
      // Nothing of a bad line stays: an event record may have pushed some
      // of its pairs before a bad one.
      out.pairs.resize(pairs);
      out.comms.resize(comms);
      out.problems.push_back({line_number, problem.text});
      continue;
    }
    if (out.records.size() > before) out.records.back().line = line_number;
  }
  out.line_count = line_number;
  return out;
}

}  // namespace tracedb::paraver
