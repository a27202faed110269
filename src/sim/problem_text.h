// The simulator's messages for the events it refuses, in one place: the
// one-thread Simulator and the sharded one (sim/sharded_simulator.h) must
// word each problem the same, since their outputs are compared byte for
// byte. Each takes the names already looked up.
//
// Threading: pure functions.
#pragma once

#include <string>
#include <string_view>

namespace tracedb {

std::string Quote(std::string_view s);

std::string NotTimeOrderedProblem(std::string_view time_text, std::string_view type,
                                  std::string_view container);
std::string PopWithoutStateProblem(std::string_view type, std::string_view container);
// An AddVariable (`add`) or SubVariable before any SetVariable.
std::string ChangeBeforeSetProblem(bool add, std::string_view type, std::string_view container);
std::string KeyReusedProblem(std::string_view key, std::string_view type);
std::string ValueMismatchProblem(bool start, std::string_view value, std::string_view pending_value,
                                 std::string_view key);
// A link whose other half never came before its container ended.
std::string IncompleteLinkProblem(std::string_view type, std::string_view key,
                                  std::string_view container, bool has_start);

}  // namespace tracedb
