#include "sim/problem_text.h"

namespace tracedb {

std::string Quote(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string NotTimeOrderedProblem(std::string_view time_text, std::string_view type,
                                  std::string_view container) {
  return "not time-ordered: time " + std::string(time_text) +
         " is before the last entity of type " + Quote(type) + " in container " + Quote(container);
}

std::string PopWithoutStateProblem(std::string_view type, std::string_view container) {
  return "PopState with no open state of type " + Quote(type) + " in container " +
         Quote(container);
}

std::string ChangeBeforeSetProblem(bool add, std::string_view type, std::string_view container) {
  return std::string(add ? "AddVariable" : "SubVariable") + " before any SetVariable of type " +
         Quote(type) + " in container " + Quote(container);
}

std::string KeyReusedProblem(std::string_view key, std::string_view type) {
  return "link key " + Quote(key) + " of type " + Quote(type) +
         " was already used by a completed link";
}

std::string ValueMismatchProblem(bool start, std::string_view value, std::string_view pending_value,
                                 std::string_view key) {
  return std::string(start ? "StartLink" : "EndLink") + " value " + Quote(value) +
         " differs from the value " + Quote(pending_value) + " of the other half with key " +
         Quote(key);
}

std::string IncompleteLinkProblem(std::string_view type, std::string_view key,
                                  std::string_view container, bool has_start) {
  return "incomplete link of type " + Quote(type) + " with key " + Quote(key) + " in container " +
         Quote(container) + ": its " + (has_start ? "end" : "start") +
         " never came (use --ignore-incomplete-links to drop such links)";
}

}  // namespace tracedb
