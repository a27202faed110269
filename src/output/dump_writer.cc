#include "output/dump_writer.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <stdexcept>

#include "output/fixed_six.h"

namespace tracedb {
DumpWriter::DumpWriter(const Registry& registry, std::FILE* out, DumpOptions options)
    : registry_(registry), out_(out), options_(options), buffer_(new char[kCapacity]) {}

DumpWriter::~DumpWriter() = default;

void DumpWriter::TextAfterWrite(std::string_view s) {
  Write();
  if (s.size() > kCapacity) return WriteOut(s);  // a huge name: straight out
  std::memcpy(buffer_.get(), s.data(), s.size());
  used_ = s.size();
}

// Paraver's events of one record share their time: it is spelled once.
void DumpWriter::Fixed(double v) {
  if (kCapacity - used_ < kFixedSixMaxChars) Write();
  char* at = buffer_.get() + used_;
  if (std::memcmp(&v, &last_fixed_, sizeof v) == 0 && last_fixed_size_ > 0) {
    std::memcpy(at, last_fixed_text_, last_fixed_size_);
    used_ += last_fixed_size_;
    return;
  }
  size_t size = static_cast<size_t>(FormatFixedSix(v, at) - at);
  used_ += size;
  if (size <= sizeof last_fixed_text_) {
    last_fixed_ = v;
    last_fixed_size_ = size;
    std::memcpy(last_fixed_text_, at, size);
  }
}

void DumpWriter::General(double v) {
  char tmp[64];
  auto [end, ec] = std::to_chars(tmp, tmp + sizeof tmp, v, std::chars_format::general, 6);
  Text(std::string_view(tmp, static_cast<size_t>(end - tmp)));
}

void DumpWriter::Integer(int64_t v) {
  char tmp[24];
  auto [end, ec] = std::to_chars(tmp, tmp + sizeof tmp, v);
  Text(std::string_view(tmp, static_cast<size_t>(end - tmp)));
}

void DumpWriter::EventValue(const EventRow& row) {
  if (row.value == kNumberValue) return Integer(row.number);
  Text(registry_.value_name(row.value, digits_));
}

void DumpWriter::ContainerName(int64_t id) {
  Text(id == kNoContainer ? std::string_view("NULL")
                          : std::string_view(registry_.container(static_cast<uint32_t>(id)).name));
}

void DumpWriter::Extras(const tracedb::Extras& extras) {
  if (!options_.user_fields) return;
  for (const auto& field : extras) {
    Sep();
    Text(field.value);
  }
}

void DumpWriter::EndLine() {
  Text("\n");
  if (used_ >= kFlushAt) Write();
}

void DumpWriter::OnContainer(const ContainerRow& row) {
  const ContainerInfo& c = registry_.container(row.id);
  Text("Container, ");
  if (c.parent < 0) {
    Text("0");
  } else {
    ContainerName(c.parent);
  }
  Sep();
  Text(registry_.type(c.type).name);
  Sep();
  General(row.start);
  Sep();
  General(row.end);
  Sep();
  General(row.end - row.start);
  Sep();
  Text(c.name);
  Extras(row.extras);
  EndLine();
}

void DumpWriter::OnState(const StateRow& row) {
  Text("State, ");
  ContainerName(row.container);
  Sep();
  Text(registry_.type(row.type).name);
  Sep();
  Fixed(row.start);
  Sep();
  Fixed(row.end);
  Sep();
  Fixed(row.end - row.start);
  Sep();
  Fixed(row.depth);
  Sep();
  Text(registry_.value_name(row.value, digits_));
  Extras(row.extras);
  EndLine();
}

void DumpWriter::OnEvent(const EventRow& row) {
  Text("Event, ");
  ContainerName(row.container);
  Sep();
  Text(registry_.type(row.type).name);
  Sep();
  Fixed(row.time);
  Sep();
  EventValue(row);
  Extras(row.extras);
  EndLine();
}

void DumpWriter::OnVariable(const VariableRow& row) {
  Text("Variable, ");
  ContainerName(row.container);
  Sep();
  Text(registry_.type(row.type).name);
  Sep();
  Fixed(row.start);
  Sep();
  Fixed(row.end);
  Sep();
  Fixed(row.end - row.start);
  Sep();
  Fixed(row.value);
  Extras(row.extras);
  EndLine();
}

void DumpWriter::OnLink(const LinkRow& row) {
  Text("Link, ");
  ContainerName(row.container);
  Sep();
  Text(registry_.type(row.type).name);
  Sep();
  Fixed(row.start);
  Sep();
  Fixed(row.end);
  Sep();
  Fixed(row.end - row.start);
  Sep();
  Text(registry_.value_name(row.value, digits_));
  Sep();
  ContainerName(row.start_container);
  Sep();
  ContainerName(row.end_container);
  Sep();
  Text(row.key);
  Extras(row.extras);
  EndLine();
}

void DumpWriter::WriteOut(std::string_view bytes) {
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), out_) != bytes.size()) {
    throw std::runtime_error(std::string("cannot write the output: ") + std::strerror(errno));
  }
}

void DumpWriter::Write() {
  WriteOut(std::string_view(buffer_.get(), used_));
  used_ = 0;
}

void DumpWriter::Flush() {
  Write();
  if (std::fflush(out_) != 0) {
    throw std::runtime_error(std::string("cannot write the output: ") + std::strerror(errno));
  }
}

}  // namespace tracedb
