// Decodes one tokenized body line against its definition into an Event:
// checks the field count, parses Time (and the Value of variable events) as
// strict decimals.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/paje/event_definition.h"
#include "model/paje_event.h"

namespace tracedb::paje {

// tokens[0] is the event id. On failure returns false and sets *problem.
// The event's token pointer is left for the caller to set (ResolveTokens)
// once the token list it points into stops growing; while decoding it points
// at `tokens`.
bool DecodeLine(const EventDefinition& def, std::span<const std::string_view> tokens,
                Event* event, std::string* problem);

// Points every event at its tokens, once `tokens` no longer grows.
void ResolveTokens(std::vector<Event>* events, const std::vector<std::string_view>& tokens);

}  // namespace tracedb::paje
