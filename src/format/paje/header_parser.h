// HeaderParser: reads the `%` lines of a Pajé trace, wherever they appear,
// and publishes each completed %EventDef into a new DefinitionTable.
//
//   %EventDef PajeSetState 11      (also "% EventDef")
//   % Time date
//   % Type string
//   %EndEventDef
//
// Errors are ProblemErrors carrying the line. Single-threaded: it belongs to
// the stage that reads the file in order.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "format/paje/event_definition.h"

namespace tracedb::paje {

class HeaderParser {
 public:
  HeaderParser();

  // `line` starts with '%'. Throws ProblemError on a malformed header.
  void Feed(std::string_view line, uint64_t line_number);
  // Call at the end of the input: an open %EventDef is an error.
  void Finish(uint64_t last_line) const;

  const std::shared_ptr<const DefinitionTable>& table() const { return table_; }

 private:
  void Begin(std::string_view name, std::string_view id, uint64_t line_number);
  void AddField(std::string_view name, std::string_view type, uint64_t line_number);
  void End(uint64_t line_number);

  std::shared_ptr<const DefinitionTable> table_;
  std::optional<EventDefinition> open_;  // the %EventDef being read
};

// The fields an event kind cannot do without; checked at %EndEventDef.
bool HasObligatoryFields(const EventDefinition& def, std::string* missing);

}  // namespace tracedb::paje
