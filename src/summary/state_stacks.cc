#include "summary/state_stacks.h"

#include <cstddef>

namespace tracedb {
namespace {

// A state that starts at `depth` (0 too when the container ends) closes
// the states of `stack` at `depth` or deeper. Popped states left top
// first; a reset (SetState, ResetState, the container's end), which comes
// before a state at depth 0, closes the whole stack at once, bottom first:
// taken to be what closed the states that end with the bottom one (the
// others were popped before it).
void Close(std::vector<StateRecord>& stack, uint32_t depth, std::vector<StateRecord>* out) {
  size_t from = stack.size();
  while (from > 0 && stack[from - 1].depth >= depth) --from;
  size_t reset = from;  // [from, reset) were reset
  if (from == 0) {
    while (reset < stack.size() && stack[reset].end == stack[0].end) ++reset;
  }
  for (size_t i = stack.size(); i > reset; --i) out->push_back(stack[i - 1]);
  out->insert(out->end(), stack.begin() + static_cast<ptrdiff_t>(from),
              stack.begin() + static_cast<ptrdiff_t>(reset));
  stack.resize(from);
}

}  // namespace

void StateStacks::Push(const StateRecord& state, std::vector<StateRecord>* out) {
  std::vector<StateRecord>& stack = stacks_.try_emplace(state.type).first->second;
  Close(stack, state.depth, out);
  StateRecord open = state;
  // A depth with no state below it (rows not written by tracedb) has no
  // parent to take time from.
  bool on_parent = !stack.empty() && stack.back().depth + 1 == state.depth;
  open.parent_value = on_parent ? stack.back().value : kNoValue;
  open.parent_path = on_parent ? stack.back().path : kNoPath;
  open.path = paths_.Enter(state.container, state.type, open.parent_path, state.value);
  stack.push_back(open);
}

void StateStacks::Flush(std::vector<StateRecord>* out) {
  for (auto& [type, stack] : stacks_) Close(stack, 0, out);
}

}  // namespace tracedb
