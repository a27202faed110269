#include "sink/batching_sink.h"

#include <utility>

namespace tracedb {

BatchingSink::BatchingSink(const Registry& registry, size_t batch_rows, Emit emit, BatchPool* pool,
                           JsonStore json)
    : registry_(registry),
      batch_rows_(batch_rows == 0 ? 1 : batch_rows),
      emit_(std::move(emit)),
      pool_(pool),
      json_(json) {}

TextSpan BatchingSink::Json(const Extras& extras) {
  if (extras.empty()) return {};
  std::string& text = batch_.text;
  size_t start = text.size();
  AppendExtrasJson(&text, extras, json_);
  size_t size = text.size() - start;
  if (size == last_text_.size && text.compare(last_text_.offset, size, text, start, size) == 0) {
    text.resize(start);
  } else {
    last_text_ = {static_cast<uint32_t>(start), static_cast<uint32_t>(size)};
  }
  return last_text_;
}

TextSpan BatchingSink::Append(std::string_view text) {
  TextSpan span{static_cast<uint32_t>(batch_.text.size()), static_cast<uint32_t>(text.size())};
  batch_.text += text;
  return span;
}

namespace {

// Characters of a UTF-8 text.
uint32_t Characters(std::string_view text) {
  uint32_t count = 0;
  for (char c : text) count += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  return count;
}

}  // namespace

// Memoised, so that a tree nested thousands deep costs a step per container
// rather than one per ancestor.
uint32_t BatchingSink::PathLength(uint32_t id) {
  std::vector<uint32_t> climbed;
  uint32_t c = id;
  for (;;) {
    if (c < path_length_.size() && path_length_[c] != kUnknownLength) break;
    if (c >= path_length_.size()) path_length_.resize(c + 1, kUnknownLength);
    const ContainerInfo& info = registry_.container(c);
    if (info.parent < 0) {
      path_length_[c] = 0;
      break;
    }
    climbed.push_back(c);
    c = static_cast<uint32_t>(info.parent);
  }
  for (auto it = climbed.rbegin(); it != climbed.rend(); ++it) {
    const ContainerInfo& info = registry_.container(*it);
    uint32_t above = path_length_[static_cast<uint32_t>(info.parent)];
    uint32_t length = above == kTooLong ? kTooLong
                      : registry_.container(static_cast<uint32_t>(info.parent)).parent < 0
                          ? Characters(info.name)
                          : above + 1 + Characters(info.name);
    path_length_[*it] = length > kMaxPathCharacters ? kTooLong : length;
  }
  return path_length_[id];
}

// "node1/thread 1": the names from the root's child down to `id`; "" (NULL)
// for the root and for paths longer than kMaxPathCharacters.
std::string BatchingSink::PathOf(uint32_t id) {
  if (PathLength(id) == kTooLong) return {};
  std::vector<const std::string*> names;
  for (int64_t c = id; registry_.container(static_cast<uint32_t>(c)).parent >= 0;
       c = registry_.container(static_cast<uint32_t>(c)).parent) {
    names.push_back(&registry_.container(static_cast<uint32_t>(c)).name);
  }
  std::string path;
  for (auto name = names.rbegin(); name != names.rend(); ++name) {
    if (!path.empty()) path += '/';
    path += **name;
  }
  return path;
}

void BatchingSink::OnContainer(const ContainerRow& row) {
  const ContainerInfo& info = registry_.container(row.id);
  batch_.containers.push_back(ContainerRecord{.id = row.id,
                                              .parent = info.parent,
                                              .type = info.type,
                                              .name = info.name,
                                              .alias = info.alias,
                                              .start = row.start,
                                              .end = row.end,
                                              .extra = Json(row.extras),
                                              .path = PathOf(row.id)});
  ++counts_.containers;
  if (batch_.containers.size() >= kMaxContainers) return EmitBatch();
  Added();
}

void BatchingSink::OnState(const StateRow& row) {
  batch_.states.push_back(StateRecord{.container = row.container,
                                      .type = row.type,
                                      .value = row.value,
                                      .start = row.start,
                                      .end = row.end,
                                      .depth = row.depth,
                                      .extra = Json(row.extras),
                                      .parent_value = row.parent_value,
                                      .path = row.path,
                                      .parent_path = row.parent_path,
                                      .parent_start = row.parent_start});
  ++counts_.states;
  Added();
}

void BatchingSink::OnEvent(const EventRow& row) {
  bool numbered = row.value == kNumberValue;
  batch_.events.push_back(
      EventRecord{row.container, row.type, numbered ? int64_t{-1} : int64_t{row.value}, row.time,
                  Json(row.extras), numbered ? std::optional(row.number) : std::nullopt});
  ++counts_.events;
  Added();
}

void BatchingSink::OnVariable(const VariableRow& row) {
  batch_.variables.push_back(VariableRecord{row.container, row.type, row.start, row.end, row.value,
                                            Json(row.extras)});
  ++counts_.variables;
  Added();
}

void BatchingSink::OnLink(const LinkRow& row) {
  batch_.links.push_back(LinkRecord{.container = row.container,
                                    .type = row.type,
                                    .value = row.value,
                                    .has_size = row.size.has_value(),
                                    .has_tag = row.tag.has_value(),
                                    .key = Append(row.key),
                                    .start_container = row.start_container,
                                    .end_container = row.end_container,
                                    .start = row.start,
                                    .end = row.end,
                                    .extra = Json(row.extras),
                                    .size_value = row.size.value_or(0),
                                    .tag_value = row.tag.value_or(0)});
  ++counts_.links;
  Added();
}

void BatchingSink::Finish() {
  for (uint32_t id = 0; id < registry_.type_count(); ++id) {
    const TypeInfo& t = registry_.type(id);
    batch_.types.push_back(TypeRecord{id, t.parent, std::string(TypeKindName(t.kind)), t.name,
                                      t.alias, t.start_type, t.end_type});
  }
  counts_.types = static_cast<int64_t>(registry_.type_count());
  counts_.values = static_cast<int64_t>(registry_.value_count());
  EmitBatch();
}

void BatchingSink::Added() {
  if (++pending_ >= batch_rows_ || batch_.text.size() >= kMaxText) return EmitBatch();
  if (registry_.value_count() - values_written_ >= kValueLag) TakeValues();
}

void BatchingSink::TakeValues() {
  for (; values_written_ < registry_.value_count(); ++values_written_) {
    auto id = static_cast<uint32_t>(values_written_);
    ValueInfo v = registry_.value(id);
    batch_.values.push_back(
        ValueRecord{id, v.type, std::move(v.name), std::move(v.alias), std::move(v.color)});
  }
}

void BatchingSink::EmitBatch() {
  TakeValues();
  pending_ = 0;
  last_text_ = {};
  RowBatch full = std::exchange(batch_, pool_ != nullptr ? pool_->Take() : RowBatch{});
  emit_(std::move(full));
}

}  // namespace tracedb
