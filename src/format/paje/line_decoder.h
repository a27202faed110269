// Decodes one tokenized body line against its definition into an Event:
// checks the field count, parses Time (and the Value of variable events) as
// strict decimals, and routes user-defined fields to `extras`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "format/paje/event_definition.h"
#include "model/paje_event.h"

namespace tracedb::paje {

// tokens[0] is the event id. On failure returns false and sets *problem;
// on success appends the user fields to *extras and records their offset
// and count; FixExtras later points event->extras at them.
bool DecodeLine(const EventDefinition& def, const std::vector<std::string_view>& tokens,
                Event* event, std::vector<std::string_view>* extras, std::string* problem);

// Turns the offset/count recorded by DecodeLine into a span into `extras`,
// once `extras` no longer grows.
void FixExtras(std::vector<Event>* events, const std::vector<std::string_view>& extras);

}  // namespace tracedb::paje
