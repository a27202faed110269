#include "otf2_paje_twin.h"

#include <algorithm>
#include <cinttypes>

namespace tracedb::bench {
namespace {

constexpr const char* kHeader =
    "%EventDef PajeDefineContainerType 0\n% Alias string\n% Type string\n% Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineStateType 1\n% Alias string\n% Type string\n% Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineEventType 2\n% Alias string\n% Type string\n% Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineLinkType 4\n% Alias string\n% Type string\n% StartContainerType string\n"
    "% EndContainerType string\n% Name string\n%EndEventDef\n"
    "%EventDef PajeCreateContainer 6\n% Time date\n% Alias string\n% Type string\n"
    "% Container string\n% Name string\n%EndEventDef\n"
    "%EventDef PajeDestroyContainer 7\n% Time date\n% Type string\n% Name string\n%EndEventDef\n"
    "%EventDef PajePushState 9\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n%EndEventDef\n"
    "%EventDef PajePopState 10\n% Time date\n% Type string\n% Container string\n%EndEventDef\n"
    "%EventDef PajeNewEvent 12\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n%EndEventDef\n"
    "%EventDef PajeStartLink 16\n% Time date\n% Type string\n% Container string\n"
    "% StartContainer string\n% Value string\n% Key string\n% Size int\n%EndEventDef\n"
    "%EventDef PajeEndLink 17\n% Time date\n% Type string\n% Container string\n"
    "% EndContainer string\n% Value string\n% Key string\n%EndEventDef\n"
    "0 MACHINE 0 machine\n0 NODE MACHINE node\n0 PROCESS NODE process\n"
    "0 THREAD PROCESS thread\n1 REGION THREAD Region\n2 COLLECTIVE THREAD \"MPI collective\"\n"
    "4 P2P 0 THREAD THREAD \"MPI point-to-point\"\n";

std::string Time(uint64_t ns) {
  char text[32];
  std::snprintf(text, sizeof text, "%" PRIu64 ".%09" PRIu64, ns / 1'000'000'000,
                ns % 1'000'000'000);
  return text;
}

std::string Thread(uint32_t rank) { return "t" + std::to_string(rank); }

}  // namespace

PajeTwin::PajeTwin(std::FILE* out, uint32_t ranks)
    : out_(out), ranks_(ranks), sent_(size_t{ranks} * ranks * 4), received_(sent_.size()) {
  std::fputs(kHeader, out_);
  std::fputs("6 0.000000000 c MACHINE 0 cluster\n", out_);
  for (uint32_t r = 0; r < ranks; ++r) {
    uint32_t node = 1 + r / 4;
    std::string n = "n" + std::to_string(node), p = "p" + std::to_string(r);
    if (r % 4 == 0) std::fprintf(out_, "6 0.000000000 %s NODE c node%u\n", n.c_str(), node);
    std::fprintf(out_, "6 0.000000000 %s PROCESS %s \"Rank %u\"\n", p.c_str(), n.c_str(), r);
    std::fprintf(out_, "6 0.000000000 %s THREAD %s \"Master thread\"\n", Thread(r).c_str(),
                 p.c_str());
  }
}

void PajeTwin::Add(uint64_t time, int event, std::string rest) {
  lines_.push_back({time, order_++, std::to_string(event) + " " + Time(time) + " " + rest});
}

std::string PajeTwin::Key(uint32_t from, uint32_t to, uint32_t tag, bool send) {
  size_t slot = (size_t{from} * ranks_ + to) * 4 + tag % 4;
  uint64_t n = send ? sent_[slot]++ : received_[slot]++;
  return std::to_string(from) + "-" + std::to_string(to) + "-" + std::to_string(tag) + "-" +
         std::to_string(n);
}

void PajeTwin::Enter(uint32_t rank, uint64_t time, const char* region) {
  Add(time, 9, "REGION " + Thread(rank) + " \"" + region + "\"");
}

void PajeTwin::Leave(uint32_t rank, uint64_t time) { Add(time, 10, "REGION " + Thread(rank)); }

void PajeTwin::Send(uint32_t rank, uint64_t time, uint32_t to, uint32_t tag, uint64_t length) {
  Add(time, 16,
      "P2P 0 " + Thread(rank) + " MPI_COMM_WORLD " + Key(rank, to, tag, true) + " " +
          std::to_string(length));
}

void PajeTwin::Receive(uint32_t rank, uint64_t time, uint32_t from, uint32_t tag) {
  Add(time, 17, "P2P 0 " + Thread(rank) + " MPI_COMM_WORLD " + Key(from, rank, tag, false));
}

void PajeTwin::Collective(uint32_t rank, uint64_t time, const char* operation) {
  Add(time, 12, "COLLECTIVE " + Thread(rank) + " " + operation);
}

void PajeTwin::Flush() {
  std::sort(lines_.begin(), lines_.end(), [](const Line& a, const Line& b) {
    return a.time != b.time ? a.time < b.time : a.order < b.order;
  });
  for (const Line& line : lines_) std::fprintf(out_, "%s\n", line.text.c_str());
  lines_.clear();
}

void PajeTwin::End(uint64_t time) {
  Flush();
  std::fprintf(out_, "7 %s MACHINE c\n", Time(time).c_str());
}

}  // namespace tracedb::bench
