// The JSON of the database's `extra` columns: an entity's user-defined
// fields as one object, {"Size":4096,"Mark":"a \"b\""}. A field of
// FieldType::kNumber is a JSON number when its text is one that both
// databases keep as written (IsExactJsonNumber, model/json_text.h), else a
// string, as every other field is. Either way its text comes back exactly:
// dumps print it.
//
// `dump -u` prints the fields in the order written, repeated names too (a
// link's two halves may both have a Size). Each store gets the form that
// keeps them:
//   kText  (SQLite's TEXT keeps the text): the members in the order written,
//          a repeated name repeated; json_extract finds its first value.
//   kJsonb (PostgreSQL's jsonb orders keys, shorter first, then bytewise,
//          and keeps one member per name): each name once, with its first
//          value. When jsonb's order is not the order written, or a name
//          repeats, a member "#order" holds the sequence: an array of the
//          names in order, each standing for its member's value, except
//          [name, value] for a repeat and for a field itself named "#order":
//          {"size":4096,"lsend":0.0119,"lrecv":0.0125,"#order":["lsend","lrecv","size"]}
// JsonToExtras reads either form (and old rows, all strings).
//
// Plain functions; no threading concerns.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "model/entity.h"

namespace tracedb {

enum class JsonStore : uint8_t { kText, kJsonb };

// The kJsonb member that holds the order written, when jsonb's is not it.
inline constexpr std::string_view kOrderMember = "#order";

// Appends the object (nothing for no fields: stored as NULL).
void AppendExtrasJson(std::string* out, const Extras& extras, JsonStore store = JsonStore::kText);
// The same as a string: "" for no fields.
std::string ExtrasToJson(const Extras& extras, JsonStore store = JsonStore::kText);

// The fields as written, from either form; numbers come back as kNumber
// fields holding their text. "" gives none. Anything that is not such an
// object throws std::runtime_error.
Extras JsonToExtras(std::string_view json);

}  // namespace tracedb
