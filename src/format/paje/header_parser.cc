#include "format/paje/header_parser.h"

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "format/paje/line_tokenizer.h"
#include "model/input_error.h"
#include "model/utf8.h"

namespace tracedb::paje {
namespace {

std::string_view FieldName(Field f) {
  static constexpr std::string_view kNames[] = {"Time",
                                                "Name",
                                                "Alias",
                                                "Type",
                                                "Container",
                                                "StartContainerType",
                                                "EndContainerType",
                                                "StartContainer",
                                                "EndContainer",
                                                "Value",
                                                "Key",
                                                "Color",
                                                "Line",
                                                "File",
                                                "Filename"};
  return kNames[static_cast<int>(f)];
}

std::vector<Field> ObligatoryFields(EventKind kind) {
  using F = Field;
  switch (kind) {
    case EventKind::kDefineContainerType:
    case EventKind::kDefineStateType:
    case EventKind::kDefineEventType:
    case EventKind::kDefineVariableType:
    case EventKind::kDefineEntityValue:
      return {F::kName, F::kType};
    case EventKind::kDefineLinkType:
      return {F::kName, F::kType, F::kStartContainerType, F::kEndContainerType};
    case EventKind::kCreateContainer:
      return {F::kTime, F::kName, F::kType, F::kContainer};
    case EventKind::kDestroyContainer:
      return {F::kTime, F::kName, F::kType};
    case EventKind::kSetState:
    case EventKind::kPushState:
    case EventKind::kNewEvent:
    case EventKind::kSetVariable:
    case EventKind::kAddVariable:
    case EventKind::kSubVariable:
      return {F::kTime, F::kType, F::kContainer, F::kValue};
    case EventKind::kPopState:
    case EventKind::kResetState:
      return {F::kTime, F::kType, F::kContainer};
    case EventKind::kStartLink:
      return {F::kTime, F::kType, F::kContainer, F::kValue, F::kStartContainer, F::kKey};
    case EventKind::kEndLink:
      return {F::kTime, F::kType, F::kContainer, F::kValue, F::kEndContainer, F::kKey};
    case EventKind::kTraceFile:
      return {};
  }
  return {};
}

// "%EventDef X 1" and "% EventDef X 1" both name the keyword in words[0].
std::vector<std::string_view> Words(std::string_view line, uint64_t line_number) {
  std::vector<std::string_view> words;
  line.remove_prefix(1);  // the '%'
  if (TokenizeLine(line, &words) != TokenizeResult::kOk) {
    throw ProblemError(line_number, "unterminated quote in header line");
  }
  return words;
}

}  // namespace

bool HasObligatoryFields(const EventDefinition& def, std::string* missing) {
  missing->clear();
  for (Field f : ObligatoryFields(def.kind)) {
    if (std::find(def.fields.begin(), def.fields.end(), f) == def.fields.end()) {
      if (!missing->empty()) *missing += ", ";
      *missing += FieldName(f);
    }
  }
  return missing->empty();
}

HeaderParser::HeaderParser() : table_(std::make_shared<DefinitionTable>()) {}

void HeaderParser::Feed(std::string_view line, uint64_t line_number) {
  auto words = Words(line, line_number);
  if (words.empty()) throw ProblemError(line_number, "empty header line '%'");
  if (words[0] == "EventDef") {
    if (words.size() != 3) {
      throw ProblemError(line_number, "expected '%EventDef NAME ID'");
    }
    Begin(words[1], words[2], line_number);
  } else if (words[0] == "EndEventDef") {
    if (words.size() != 1) throw ProblemError(line_number, "unexpected text after %EndEventDef");
    End(line_number);
  } else {
    if (words.size() != 2) {
      throw ProblemError(line_number, "expected '% FIELDNAME TYPE' inside %EventDef");
    }
    AddField(words[0], words[1], line_number);
  }
}

void HeaderParser::Begin(std::string_view name, std::string_view id, uint64_t line_number) {
  if (open_) {
    throw ProblemError(line_number, "%EventDef inside the %EventDef of '" + open_->id +
                                        "' (missing %EndEventDef)");
  }
  auto kind = EventKindFromName(name);
  if (!kind) throw ProblemError(line_number, "unknown event name '" + std::string(name) + "'");
  if (table_->Find(id) != nullptr) {
    throw ProblemError(line_number, "event id '" + std::string(id) + "' is already defined");
  }
  open_ = EventDefinition{.id = std::string(id), .kind = *kind, .line = line_number};
}

void HeaderParser::AddField(std::string_view name, std::string_view type, uint64_t line_number) {
  if (!open_) {
    throw ProblemError(line_number, "field definition outside of an %EventDef block");
  }
  if (!IsKnownFieldType(type)) {
    throw ProblemError(line_number, "unknown field type '" + std::string(type) + "' for field '" +
                                        std::string(name) + "'");
  }
  if (open_->fields.size() >= kMaxFieldsPerDefinition) {
    throw ProblemError(line_number, "the %EventDef of '" + open_->id + "' has more than " +
                                        std::to_string(kMaxFieldsPerDefinition) + " fields");
  }
  Field field = FieldFromName(name);
  if (field != Field::kExtra &&
      std::find(open_->fields.begin(), open_->fields.end(), field) != open_->fields.end()) {
    throw ProblemError(line_number, "field '" + std::string(name) + "' defined twice");
  }
  if (field == Field::kExtra) {
    ++open_->extra_count;
    open_->extra_names.push_back(UserFieldName(name, line_number));
    open_->extra_types.push_back(UserFieldType(type));
  }
  open_->fields.push_back(field);
}

std::string HeaderParser::UserFieldName(std::string_view name, uint64_t line_number) {
  if (IsUtf8(name)) return std::string(name);
  latin1_.Add(line_number);
  return Latin1AsUtf8(name);
}

void HeaderParser::End(uint64_t line_number) {
  if (!open_) throw ProblemError(line_number, "%EndEventDef without %EventDef");
  std::string missing;
  if (!HasObligatoryFields(*open_, &missing)) {
    throw ProblemError(line_number, std::string(EventKindName(open_->kind)) + " definition '" +
                                        open_->id + "' lacks obligatory field(s): " + missing);
  }
  table_ = table_->With(std::move(*open_));
  open_.reset();
}

void HeaderParser::Finish(uint64_t last_line) const {
  if (open_) {
    throw ProblemError(last_line, "the %EventDef of '" + open_->id + "' (line " +
                                      std::to_string(open_->line) + ") has no %EndEventDef");
  }
}

}  // namespace tracedb::paje
