#include "output/batching_sink.h"

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

void BatchingSink::OnContainer(const ContainerRow& row) {
  const ContainerInfo& info = registry_.container(row.id);
  batch_.containers.push_back(ContainerRecord{.id = row.id,
                                              .parent = info.parent,
                                              .type = info.type,
                                              .name = info.name,
                                              .alias = info.alias,
                                              .start = row.start,
                                              .end = row.end,
                                              .extra = Json(row.extras)});
  ++counts_.containers;
  Added();
}

void BatchingSink::OnState(const StateRow& row) {
  batch_.states.push_back(StateRecord{row.container, row.type, row.value, row.start, row.end,
                                      row.depth, Json(row.extras)});
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
  batch_.links.push_back(LinkRecord{row.container, row.type, row.value, row.key,
                                    row.start_container, row.end_container, row.start, row.end,
                                    Json(row.extras), row.size, row.tag});
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
