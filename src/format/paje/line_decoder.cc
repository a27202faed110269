#include "format/paje/line_decoder.h"

#include "model/number.h"

namespace tracedb::paje {
namespace {

bool IsVariableChange(EventKind k) {
  return k == EventKind::kSetVariable || k == EventKind::kAddVariable ||
         k == EventKind::kSubVariable;
}

std::string FieldCountProblem(const EventDefinition& def, size_t found) {
  return "event '" + def.id + "' (" + std::string(EventKindName(def.kind)) + ") has " +
         std::to_string(def.fields.size()) + " field(s) but the line has " +
         std::to_string(found);
}

}  // namespace

bool DecodeLine(const EventDefinition& def, const std::vector<std::string_view>& tokens,
                Event* event, std::vector<std::string_view>* extras, std::string* problem) {
  if (tokens.size() - 1 != def.fields.size()) {
    *problem = FieldCountProblem(def, tokens.size() - 1);
    return false;
  }
  event->kind = def.kind;
  size_t extras_begin = extras->size();
  for (size_t i = 0; i < def.fields.size(); ++i) {
    Field f = def.fields[i];
    std::string_view token = tokens[i + 1];
    if (f == Field::kExtra) {
      extras->push_back(token);
      continue;
    }
    event->fields[static_cast<int>(f)] = token;
    event->present[static_cast<int>(f)] = true;
  }
  event->extra_offset = static_cast<uint32_t>(extras_begin);
  event->extras = {static_cast<const std::string_view*>(nullptr), extras->size() - extras_begin};
  if (event->Has(Field::kTime)) {
    auto time = ParseDecimal(event->Get(Field::kTime));
    if (!time) {
      *problem = "invalid time '" + std::string(event->Get(Field::kTime)) + "'";
      return false;
    }
    event->time = *time;
    event->has_time = true;
  }
  if (IsVariableChange(def.kind)) {
    auto number = ParseDecimal(event->Get(Field::kValue));
    if (!number) {
      *problem = "invalid number '" + std::string(event->Get(Field::kValue)) + "' for a variable";
      return false;
    }
    event->number = *number;
  }
  return true;
}

void FixExtras(std::vector<Event>* events, const std::vector<std::string_view>& extras) {
  for (Event& e : *events) {
    e.extras = {extras.data() + e.extra_offset, e.extras.size()};
  }
}

}  // namespace tracedb::paje
