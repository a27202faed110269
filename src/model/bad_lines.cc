#include "model/bad_lines.h"

namespace tracedb {

void BadLines::Report(uint64_t line, const std::string& problem) {
  if (options_.on_error == OnError::kFail) throw ProblemError(line, problem);
  if (skipped_.count >= options_.max_skipped) {
    // "run.paje:12: too many bad lines (more than --max-errors 3); the last: invalid time 'x'"
    throw ProblemError(line, "too many bad lines (more than --max-errors " +
                                 std::to_string(options_.max_skipped) + "); the last: " + problem);
  }
  InputError error(file_, line, problem);
  ++skipped_.count;
  if (skipped_.first.size() < kKeptSkippedErrors) skipped_.first.push_back(error.what());
  if (on_skip_) on_skip_(error);
}

}  // namespace tracedb
