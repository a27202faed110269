#include "output/dump_text.h"

#include <charconv>

namespace tracedb {

DumpText::DumpText(Write write) : write_(std::move(write)), buffer_(new char[kCapacity]) {}

void DumpText::TextAfterWrite(std::string_view s) {
  Flush();
  if (s.size() > kCapacity) return write_(s);  // a huge name: straight out
  std::memcpy(buffer_.get(), s.data(), s.size());
  used_ = s.size();
}

void DumpText::Flush() {
  if (used_ > 0) write_(std::string_view(buffer_.get(), used_));
  used_ = 0;
  last_fixed_size_ = 0;
}

// Paraver's events of one record share their time: it is spelled once.
void DumpText::Fixed(double v) {
  if (kCapacity - used_ < kFixedSixMaxChars) Flush();
  char* at = buffer_.get() + used_;
  if (last_fixed_size_ > 0 && std::memcmp(&v, &last_fixed_, sizeof v) == 0) {
    CopyShort(at, buffer_.get() + last_fixed_at_, last_fixed_size_);
    used_ += last_fixed_size_;
    return;
  }
  size_t size = static_cast<size_t>(FormatFixedSix(v, at) - at);
  last_fixed_ = v;
  last_fixed_at_ = used_;
  last_fixed_size_ = size;
  used_ += size;
}

void DumpText::General(double v) {
  char tmp[64];
  auto [end, ec] = std::to_chars(tmp, tmp + sizeof tmp, v, std::chars_format::general, 6);
  Text(std::string_view(tmp, static_cast<size_t>(end - tmp)));
}

void DumpText::Integer(int64_t v) {
  char tmp[24];
  auto [end, ec] = std::to_chars(tmp, tmp + sizeof tmp, v);
  Text(std::string_view(tmp, static_cast<size_t>(end - tmp)));
}

void DumpText::Extras(const tracedb::Extras* extras) {
  if (extras == nullptr) return;
  for (const auto& field : *extras) {
    Sep();
    Text(field.value);
  }
}

void DumpText::Line(const DumpLine& line) {
  switch (line.kind) {
    case DumpKind::kContainer:
      return Container(line);
    case DumpKind::kState:
      return State(line);
    case DumpKind::kEvent:
      return Event(line);
    case DumpKind::kVariable:
      return Variable(line);
    case DumpKind::kLink:
      return Link(line);
  }
}

void DumpText::Container(const DumpLine& line) {
  Text("Container, ");
  Text(line.container == nullptr ? std::string_view("0") : line.container->name);
  Sep();
  Text(line.type->name);
  Sep();
  General(line.start);
  Sep();
  General(line.end);
  Sep();
  General(line.end - line.start);
  Sep();
  Text(line.value);
  End(line);
}

// A state's depth: nearly always a digit, whose text needs no formatting.
void DumpText::Depth(double depth) {
  if (!(depth >= 0 && depth < 10 && depth == static_cast<int>(depth))) return Fixed(depth);
  const char text[] = {
      static_cast<char>('0' + static_cast<int>(depth)), '.', '0', '0', '0', '0', '0', '0'};
  Text(std::string_view(text, sizeof text));
}

void DumpText::State(const DumpLine& line) {
  Head("State, ", line);
  Interval(line);
  Sep();
  Depth(line.number);
  Sep();
  Text(line.value);
  End(line);
}

void DumpText::Event(const DumpLine& line) {
  Head("Event, ", line);
  Fixed(line.start);
  Sep();
  if (line.numbered) {
    Integer(line.integer);
  } else {
    Text(line.value);
  }
  End(line);
}

void DumpText::Variable(const DumpLine& line) {
  Head("Variable, ", line);
  Interval(line);
  Sep();
  Fixed(line.number);
  End(line);
}

void DumpText::Link(const DumpLine& line) {
  Head("Link, ", line);
  Interval(line);
  Sep();
  Text(line.value);
  Sep();
  Text(line.link->start_container);
  Sep();
  Text(line.link->end_container);
  Sep();
  Text(line.link->key);
  End(line);
}

}  // namespace tracedb
