#include "format/paraver/header.h"

#include <charconv>
#include <cstdio>

#include "model/input_error.h"
#include "model/latin1_text.h"
#include "model/utf8.h"

namespace tracedb::paraver {
namespace {

// Every node, CPU, application, task and thread becomes a container: a few
// hundred bytes of memory and a line of output each. More than this many in
// all is a damaged header, not a machine (large traced runs have some
// 10^5), and the limit keeps memory and time sane: a 40-byte header may not
// ask for gigabytes.
constexpr uint64_t kMaxObjects = uint64_t{1} << 20;

[[noreturn]] void Malformed(const std::string& what) {
  throw ProblemError(1, "malformed Paraver header: " + what);
}

// The objects declared so far, all kinds together. Each count is checked
// before it is added, so that no sum can wrap around.
class ObjectTally {
 public:
  void Add(uint64_t n, const char* what) {
    if (n > kMaxObjects - count_) {
      Malformed(std::string("too many ") + what + " (more than " + std::to_string(kMaxObjects) +
                " nodes, CPUs, applications, tasks and threads in all)");
    }
    count_ += n;
  }

 private:
  uint64_t count_ = 0;
};

// Reads the header left to right; every failure names what was expected
// and the text found there.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : rest_(text) {}

  bool Eat(char c) {
    if (rest_.empty() || rest_.front() != c) return false;
    rest_.remove_prefix(1);
    return true;
  }
  void Expect(char c, const char* after) {
    if (!Eat(c)) Fail(std::string("'") + c + "' after " + after);
  }
  uint64_t Number(const char* what) {
    uint64_t value = 0;
    auto [end, ec] = std::from_chars(rest_.data(), rest_.data() + rest_.size(), value);
    if (ec != std::errc() || end == rest_.data()) Fail(what);
    rest_.remove_prefix(static_cast<size_t>(end - rest_.data()));
    return value;
  }
  std::string_view Until(char c) {
    size_t at = rest_.find(c);
    std::string_view taken = rest_.substr(0, at);
    rest_.remove_prefix(taken.size());
    return taken;
  }
  void SkipSpaces() {
    while (!rest_.empty() && (rest_.front() == ' ' || rest_.front() == '\t'))
      rest_.remove_prefix(1);
  }
  std::string_view rest() const { return rest_; }
  void Skip(size_t n) { rest_.remove_prefix(n); }

  [[noreturn]] void Fail(const std::string& expected) const {
    if (rest_.empty()) Malformed("expected " + expected + " at the end of the line");
    constexpr size_t kShown = 24;
    std::string shown(rest_.substr(0, kShown));
    if (rest_.size() > kShown) shown += "...";
    Malformed("expected " + expected + " at '" + shown + "'");
  }

 private:
  std::string_view rest_;
};

void SetUnit(std::string_view unit, ParaverHeader* h) {
  h->unit = std::string(unit);
  if (unit == "ns") {
    h->seconds_per_tick = 1e-9;
    h->tick_decimals = 9;
  } else if (unit == "ms") {
    h->seconds_per_tick = 1e-3;
    h->tick_decimals = 3;
  } else {  // "us", and any other suffix (paraver-format.md)
    h->seconds_per_tick = 1e-6;
    h->tick_decimals = 6;
  }
}

// "#Paraver (DATE):END_TIME[_UNIT]:"
void ParseDateAndEnd(Cursor& c, ParaverHeader* h) {
  c.SkipSpaces();
  c.Expect('(', "'#Paraver'");
  size_t close = c.rest().find("):");
  if (close == std::string_view::npos) c.Fail("'):' closing the date");
  h->date = std::string(c.rest().substr(0, close));
  c.Skip(close + 2);
  uint64_t end = c.Number("END_TIME (an integer)");
  if (end > static_cast<uint64_t>(INT64_MAX)) Malformed("END_TIME is too large");
  h->end_time = static_cast<int64_t>(end);
  if (c.Eat('_')) {
    std::string_view unit = c.Until(':');
    if (unit.empty()) c.Fail("a time unit after '_'");
    SetUnit(unit, h);
  } else {
    SetUnit("", h);
  }
  c.Expect(':', "END_TIME");
}

// "0:" or "N_NODES:" or "N_NODES(CPUS_1,...,CPUS_N):"
void ParseResources(Cursor& c, ParaverHeader* h, ObjectTally* objects) {
  uint64_t nodes = c.Number("RESOURCES (0 or N_NODES)");
  objects->Add(nodes, "nodes");
  if (nodes > 0 && c.Eat('(')) {
    do {
      uint64_t n = c.Number("a CPU count");
      objects->Add(n, "CPUs");
      h->cpus_per_node.push_back(static_cast<uint32_t>(n));
    } while (c.Eat(','));
    c.Expect(')', "the CPU counts");
    if (h->cpus_per_node.size() != nodes) {
      Malformed(std::to_string(nodes) + " nodes but " + std::to_string(h->cpus_per_node.size()) +
                " CPU counts");
    }
  } else {
    objects->Add(nodes, "CPUs");
    h->cpus_per_node.assign(nodes, 1);  // a bare N_NODES: one CPU each
  }
  c.Expect(':', "RESOURCES");
}

// "N_TASKS(THREADS_1:NODE_1,...,THREADS_N:NODE_N)"
std::vector<TaskShape> ParseApplication(Cursor& c, size_t appl, const ParaverHeader& h,
                                        ObjectTally* objects) {
  uint64_t tasks = c.Number("N_TASKS of an application");
  objects->Add(tasks, "tasks");
  c.Expect('(', "N_TASKS");
  std::vector<TaskShape> shapes;
  do {
    uint64_t n = c.Number("THREADS:NODE of a task");
    c.Expect(':', "the number of threads of a task");
    uint64_t node = c.Number("the NODE of a task");
    objects->Add(n, "threads");
    std::string task = std::to_string(appl) + "." + std::to_string(shapes.size() + 1);
    if (!h.cpus_per_node.empty() && (node == 0 || node > h.cpus_per_node.size())) {
      Malformed("task " + task + " is on node " + std::to_string(node) + " but the header has " +
                std::to_string(h.cpus_per_node.size()) + " node(s)");
    }
    shapes.push_back({static_cast<uint32_t>(n), static_cast<uint32_t>(node)});
  } while (c.Eat(','));
  c.Expect(')', "the tasks of an application");
  if (shapes.size() != tasks) {
    Malformed("application " + std::to_string(appl) + " declares " + std::to_string(tasks) +
              " task(s) but lists " + std::to_string(shapes.size()));
  }
  return shapes;
}

// "N_APPL:APPL_1[:APPL_2...][,N_COMM]"; applications are separated by ':'
// (the 2001 description) or ',' (Extrae).
void ParseApplications(Cursor& c, ParaverHeader* h, ObjectTally* objects) {
  uint64_t count = c.Number("N_APPL");
  objects->Add(count, "applications");
  c.Expect(':', "N_APPL");
  for (uint64_t a = 1; a <= count; ++a) {
    if (a > 1 && !c.Eat(':') && !c.Eat(',')) c.Fail("':' or ',' before the next application");
    h->applications.push_back(ParseApplication(c, a, *h, objects));
  }
  if (c.Eat(',') || c.Eat(':')) h->communicator_count = c.Number("N_COMM");
  c.SkipSpaces();
  if (!c.rest().empty()) c.Fail("the end of the line after the applications");
}

// The texts that are not UTF-8 read as Latin-1, once the header is known
// good (its errors quote the line as it is).
void RecodeHeaderTexts(ParaverHeader* h) {
  if (IsUtf8(h->date) && IsUtf8(h->unit)) return;
  h->date = Latin1AsUtf8(h->date);
  h->unit = Latin1AsUtf8(h->unit);
  h->latin1 = true;
}

bool Digits(std::string_view s, size_t min, size_t max, int* value) {
  if (s.size() < min || s.size() > max) return false;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *value);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

bool LooksLikeParaverHeader(std::string_view text) {
  constexpr std::string_view kMagic = "#Paraver";
  if (text.substr(0, kMagic.size()) != kMagic) return false;
  size_t i = text.find_first_not_of(" \t", kMagic.size());
  return i != std::string_view::npos && text[i] == '(';
}

ParaverHeader ParseHeader(std::string_view line) {
  constexpr std::string_view kMagic = "#Paraver";
  if (line.substr(0, kMagic.size()) != kMagic) {
    throw ProblemError(1, "not a Paraver trace: the first line must start with '#Paraver ('");
  }
  ParaverHeader h;
  Cursor c(line.substr(kMagic.size()));
  ObjectTally objects;
  ParseDateAndEnd(c, &h);
  ParseResources(c, &h, &objects);
  ParseApplications(c, &h, &objects);
  RecodeHeaderTexts(&h);
  return h;
}

std::optional<std::string> IsoDate(std::string_view date) {
  // dd/mm/yy[yy] [at] hh:mm[:ss]
  size_t space = date.find_first_of(" \t");
  std::string_view day = date.substr(0, space);
  std::string_view time = space == std::string_view::npos ? "" : date.substr(space);
  size_t s1 = day.find('/');
  size_t s2 = s1 == std::string_view::npos ? s1 : day.find('/', s1 + 1);
  if (s2 == std::string_view::npos) return std::nullopt;
  int d, m, y;
  std::string_view year = day.substr(s2 + 1);
  if (!Digits(day.substr(0, s1), 1, 2, &d) || !Digits(day.substr(s1 + 1, s2 - s1 - 1), 1, 2, &m) ||
      (year.size() != 2 && year.size() != 4) || !Digits(year, 2, 4, &y)) {
    return std::nullopt;
  }
  if (year.size() == 2) y += y < 70 ? 2000 : 1900;
  if (d < 1 || d > 31 || m < 1 || m > 12) return std::nullopt;
  while (!time.empty() && (time.front() == ' ' || time.front() == '\t')) time.remove_prefix(1);
  if (time.substr(0, 2) == "at") time.remove_prefix(2);
  while (!time.empty() && (time.front() == ' ' || time.front() == '\t')) time.remove_prefix(1);
  while (!time.empty() && (time.back() == ' ' || time.back() == '\t')) time.remove_suffix(1);
  int hh, mm, ss = 0;
  size_t c1 = time.find(':');
  if (c1 == std::string_view::npos) return std::nullopt;
  size_t c2 = time.find(':', c1 + 1);
  std::string_view minutes = time.substr(c1 + 1, c2 == std::string_view::npos ? c2 : c2 - c1 - 1);
  if (!Digits(time.substr(0, c1), 1, 2, &hh) || !Digits(minutes, 2, 2, &mm) ||
      (c2 != std::string_view::npos && !Digits(time.substr(c2 + 1), 2, 2, &ss))) {
    return std::nullopt;
  }
  if (hh > 23 || mm > 59 || ss > 60) return std::nullopt;
  char text[64];
  if (c2 == std::string_view::npos) {
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d", y, m, d, hh, mm);
  } else {
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d", y, m, d, hh, mm, ss);
  }
  return std::string(text);
}

}  // namespace tracedb::paraver
