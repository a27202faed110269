// HeaderParser: reads the `%` lines of a Pajé trace, wherever they appear,
// and publishes each completed %EventDef into a new DefinitionTable.
//
//   %EventDef PajeSetState 11      (also "% EventDef")
//   % Time date
//   % Type string
//   %EndEventDef
//
// Errors are ProblemErrors carrying the line. The names of user fields that
// are not UTF-8 are read as Latin-1 (model/latin1_text.h); event ids are
// compared as they are. Single-threaded: it belongs to the stage that reads
// the file in order.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "format/paje/event_definition.h"
#include "model/latin1_text.h"

namespace tracedb::paje {

class HeaderParser {
 public:
  HeaderParser();

  // `line` starts with '%'. Throws ProblemError on a malformed header.
  void Feed(std::string_view line, uint64_t line_number);
  // Call at the end of the input: an open %EventDef is an error.
  void Finish(uint64_t last_line) const;

  const std::shared_ptr<const DefinitionTable>& table() const { return table_; }
  // The lines whose field names were read as Latin-1.
  const Latin1Lines& latin1() const { return latin1_; }

 private:
  void Begin(std::string_view name, std::string_view id, uint64_t line_number);
  void AddField(std::string_view name, std::string_view type, uint64_t line_number);
  void End(uint64_t line_number);
  std::string UserFieldName(std::string_view name, uint64_t line_number);

  std::shared_ptr<const DefinitionTable> table_;
  std::optional<EventDefinition> open_;  // the %EventDef being read
  Latin1Lines latin1_;
};

// The fields an event kind cannot do without; checked at %EndEventDef.
bool HasObligatoryFields(const EventDefinition& def, std::string* missing);

}  // namespace tracedb::paje
