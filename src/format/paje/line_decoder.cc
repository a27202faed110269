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

bool DecodeLine(const EventDefinition& def, std::span<const std::string_view> tokens,
                Event* event, std::string* problem) {
  if (tokens.size() - 1 != def.fields.size()) {
    *problem = FieldCountProblem(def, tokens.size() - 1);
    return false;
  }
  event->kind = def.kind;
  event->layout = &def.layout;
  event->tokens = tokens.data();
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

void ResolveTokens(std::vector<Event>* events, const std::vector<std::string_view>& tokens) {
  for (Event& e : *events) e.tokens = tokens.data() + e.token_offset;
}

}  // namespace tracedb::paje
