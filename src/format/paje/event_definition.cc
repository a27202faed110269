#include "format/paje/event_definition.h"

#include <utility>

namespace tracedb::paje {
namespace {

constexpr std::array<std::string_view, kEventKindCount> kEventNames = {
    "PajeDefineContainerType", "PajeDefineStateType", "PajeDefineEventType",
    "PajeDefineVariableType",  "PajeDefineLinkType",  "PajeDefineEntityValue",
    "PajeCreateContainer",     "PajeDestroyContainer", "PajeSetState",
    "PajePushState",           "PajePopState",        "PajeResetState",
    "PajeNewEvent",            "PajeSetVariable",     "PajeAddVariable",
    "PajeSubVariable",         "PajeStartLink",       "PajeEndLink",
    "PajeTraceFile",
};

struct FieldName {
  std::string_view name;
  Field field;
};

constexpr FieldName kFieldNames[] = {
    {"Time", Field::kTime},
    {"Name", Field::kName},
    {"Alias", Field::kAlias},
    {"Type", Field::kType},
    {"Container", Field::kContainer},
    {"StartContainerType", Field::kStartContainerType},
    {"EndContainerType", Field::kEndContainerType},
    {"StartContainer", Field::kStartContainer},
    {"EndContainer", Field::kEndContainer},
    {"Value", Field::kValue},
    {"Key", Field::kKey},
    {"Color", Field::kColor},
    {"Line", Field::kLine},
    {"File", Field::kFile},
    {"Filename", Field::kFilename},
    // The 2003 report's names.
    {"ContainerType", Field::kType},
    {"EntityType", Field::kType},
    {"SourceContainerType", Field::kStartContainerType},
    {"DestContainerType", Field::kEndContainerType},
    {"SourceContainer", Field::kStartContainer},
    {"DestContainer", Field::kEndContainer},
};

constexpr std::string_view kFieldTypes[] = {"date",   "int",    "double", "float",
                                            "hex",    "string", "color"};

}  // namespace

std::optional<EventKind> EventKindFromName(std::string_view name) {
  for (int i = 0; i < kEventKindCount; ++i) {
    if (kEventNames[i] == name) return static_cast<EventKind>(i);
  }
  return std::nullopt;
}

std::string_view EventKindName(EventKind kind) { return kEventNames[static_cast<int>(kind)]; }

Field FieldFromName(std::string_view name) {
  for (const auto& f : kFieldNames) {
    if (f.name == name) return f.field;
  }
  return Field::kExtra;
}

bool IsKnownFieldType(std::string_view type) {
  for (auto t : kFieldTypes) {
    if (t == type) return true;
  }
  return false;
}

FieldType UserFieldType(std::string_view type) {
  for (std::string_view number : {"int", "double", "float", "date"}) {
    if (type == number) return FieldType::kNumber;
  }
  return FieldType::kText;
}

std::shared_ptr<const DefinitionTable> DefinitionTable::With(EventDefinition def) const {
  auto copy = std::make_shared<DefinitionTable>(*this);
  for (size_t i = 0; i < def.fields.size(); ++i) {
    auto token = static_cast<uint8_t>(i + 1);
    if (def.fields[i] == Field::kExtra) {
      def.layout.extras.push_back(token);
      def.layout.extra_types.push_back(def.extra_types[def.layout.extra_names.size()]);
      def.layout.extra_names.push_back(def.extra_names[def.layout.extra_names.size()]);
    } else {
      def.layout.position[static_cast<int>(def.fields[i])] = static_cast<int8_t>(token);
    }
  }
  auto shared = std::make_shared<const EventDefinition>(std::move(def));
  unsigned small = 0;
  if (ParseSmall(shared->id, &small)) {
    copy->by_small_id_[small] = shared;
  } else {
    copy->by_id_.emplace(shared->id, shared);
  }
  return copy;
}

}  // namespace tracedb::paje
