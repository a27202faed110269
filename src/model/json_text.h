// JSON text for the database's `extra` columns: user-defined fields as one
// object of strings, {"Size":"4096","Mark":"a \"b\""}. Values stay strings:
// Pajé field types are declarations, not checked by pj_dump either.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/entity.h"

namespace tracedb {

// Appends `text` as a JSON string literal (quoted, escaped).
void AppendJsonString(std::string* out, std::string_view text);

// "" for no fields (stored as NULL), else the object.
std::string ExtrasToJson(const Extras& extras);
// The same, appended to `out`.
void AppendExtrasJson(std::string* out, const Extras& extras);

// Whether `text` is one JSON value (RFC 8259), blanks around it allowed.
bool IsJsonValue(std::string_view text);

// The inverse, for what ExtrasToJson wrote: the object's members in order.
// Anything else (not an object of strings) throws std::runtime_error.
std::vector<std::pair<std::string, std::string>> JsonToFields(std::string_view json);

}  // namespace tracedb
