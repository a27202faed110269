#include "model/extras_json.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "model/json_cursor.h"
#include "model/json_text.h"

namespace tracedb {
namespace {

void AppendValue(std::string* out, const ExtraField& field) {
  if (field.type == FieldType::kNumber &&
      (IsExactJsonNumber(field.value) || field.value == kJsonNull)) {
    out->append(field.value);
  } else {
    AppendJsonString(out, field.value);
  }
}

void AppendMember(std::string* out, const ExtraField& field) {
  AppendJsonString(out, field.name);
  out->push_back(':');
  AppendValue(out, field);
}

// jsonb's order of keys (PostgreSQL's lengthCompareJsonbString): shorter
// first, then bytewise.
bool BeforeInJsonb(const std::string& a, const std::string& b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

// Whether jsonb gives the members back as written: strictly increasing in
// its order, so no name repeats.
bool InJsonbOrder(const Extras& extras) {
  for (size_t i = 1; i < extras.size(); ++i) {
    if (!BeforeInJsonb(extras[i - 1].name, extras[i].name)) return false;
  }
  return true;
}

// Whether field i is a member of the kJsonb object: the first of its name,
// and not named as the order member is. Quadratic, but an entity has a few
// fields (at most 254, two definitions' worth).
bool IsMember(const Extras& extras, size_t i) {
  if (extras[i].name == kOrderMember) return false;
  for (size_t j = 0; j < i; ++j) {
    if (extras[j].name == extras[i].name) return false;
  }
  return true;
}

void AppendInOrder(std::string* out, const Extras& extras) {
  for (size_t i = 0; i < extras.size(); ++i) {
    if (i > 0) out->push_back(',');
    AppendMember(out, extras[i]);
  }
}

// An element of "#order": the name, or [name, value] when the object does
// not hold this value under that name.
void AppendOrderElement(std::string* out, const ExtraField& field, bool member) {
  if (member) return AppendJsonString(out, field.name);
  out->push_back('[');
  AppendJsonString(out, field.name);
  out->push_back(',');
  AppendValue(out, field);
  out->push_back(']');
}

// The members, then "#order": [...].
void AppendWithOrder(std::string* out, const Extras& extras) {
  std::vector<bool> member(extras.size());
  for (size_t i = 0; i < extras.size(); ++i) {
    member[i] = IsMember(extras, i);
    if (!member[i]) continue;
    AppendMember(out, extras[i]);
    out->push_back(',');
  }
  AppendJsonString(out, kOrderMember);
  out->append(":[");
  for (size_t i = 0; i < extras.size(); ++i) {
    if (i > 0) out->push_back(',');
    AppendOrderElement(out, extras[i], member[i]);
  }
  out->push_back(']');
}

}  // namespace

void AppendExtrasJson(std::string* out, const Extras& extras, JsonStore store) {
  if (extras.empty()) return;
  out->push_back('{');
  if (store == JsonStore::kText || InJsonbOrder(extras)) {
    AppendInOrder(out, extras);
  } else {
    AppendWithOrder(out, extras);
  }
  out->push_back('}');
}

std::string ExtrasToJson(const Extras& extras, JsonStore store) {
  std::string out;
  AppendExtrasJson(&out, extras, store);
  return out;
}

namespace {

ExtraField ReadValue(JsonCursor& cursor, std::string name) {
  if (cursor.Peek('"')) return {std::move(name), cursor.String(), FieldType::kText};
  if (cursor.TakeNull()) return {std::move(name), kJsonNull, FieldType::kNumber};
  return {std::move(name), cursor.Number(), FieldType::kNumber};
}

// An element of "#order": a name alone (its value is the member's: left
// empty here, kText) or a whole field.
struct OrderElement {
  ExtraField field;
  bool named_only;
};

std::vector<OrderElement> ReadOrder(JsonCursor& cursor) {
  std::vector<OrderElement> order;
  cursor.Expect('[');
  if (cursor.Take(']')) return order;
  do {
    if (!cursor.Take('[')) {
      order.push_back({ExtraField{.name = cursor.String()}, true});
      continue;
    }
    std::string name = cursor.String();
    cursor.Expect(',');
    order.push_back({ReadValue(cursor, std::move(name)), false});
    cursor.Expect(']');
  } while (cursor.Take(','));
  cursor.Expect(']');
  return order;
}

// The sequence "#order" gives, the values of names alone from `members`.
Extras InOrder(const std::vector<OrderElement>& order, const Extras& members,
               const JsonCursor& cursor) {
  Extras extras;
  extras.reserve(order.size());
  for (const OrderElement& element : order) {
    if (!element.named_only) {
      extras.push_back(element.field);
      continue;
    }
    auto member = std::find_if(members.begin(), members.end(), [&](const ExtraField& field) {
      return field.name == element.field.name;
    });
    if (member == members.end()) cursor.Fail();
    extras.push_back(*member);
  }
  return extras;
}

}  // namespace

Extras JsonToExtras(std::string_view json) {
  Extras members;
  if (json.empty()) return members;
  JsonCursor cursor(json);
  std::optional<std::vector<OrderElement>> order;
  cursor.Expect('{');
  if (!cursor.Peek('}')) {
    do {
      std::string name = cursor.String();
      cursor.Expect(':');
      if (name == kOrderMember && cursor.Peek('[')) {
        order = ReadOrder(cursor);
      } else {
        members.push_back(ReadValue(cursor, std::move(name)));
      }
    } while (cursor.Take(','));
  }
  cursor.Expect('}');
  if (!cursor.AtEnd()) cursor.Fail();
  return order ? InOrder(*order, members, cursor) : members;
}

}  // namespace tracedb
