#include "output/dump_writer.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <stdexcept>

#include "output/fixed_six.h"

namespace tracedb {
namespace {

// Small enough for the buffer to stay in the core's cache between flushes:
// 1 MiB made every line's writes miss it (1 GB dumps: about 2% slower).
constexpr size_t kFlushAt = 1 << 16;

}  // namespace

DumpWriter::DumpWriter(const Registry& registry, std::FILE* out, DumpOptions options)
    : registry_(registry), out_(out), options_(options) {
  buffer_.reserve(kFlushAt + 4096);
}

DumpWriter::~DumpWriter() = default;

void DumpWriter::Text(std::string_view s) { buffer_.append(s); }

void DumpWriter::Fixed(double v) {
  char tmp[kFixedSixMaxChars];
  buffer_.append(tmp, FormatFixedSix(v, tmp));
}

void DumpWriter::General(double v) {
  char tmp[64];
  auto [end, ec] = std::to_chars(tmp, tmp + sizeof tmp, v, std::chars_format::general, 6);
  buffer_.append(tmp, end);
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
  buffer_.push_back('\n');
  if (buffer_.size() >= kFlushAt) Flush();
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
  Text(registry_.value_name(row.value, digits_));
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

void DumpWriter::Flush() {
  if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), out_) != buffer_.size()) {
    throw std::runtime_error(std::string("cannot write the output: ") + std::strerror(errno));
  }
  buffer_.clear();
  if (std::fflush(out_) != 0) {
    throw std::runtime_error(std::string("cannot write the output: ") + std::strerror(errno));
  }
}

}  // namespace tracedb
