// What the user says about the traces they load, for their trace rows: a
// name instead of the file's, a comment, and tags (trace.tags): KEY=VALUE
// pairs given with --tag or taken from each file's name with
// --tags-from-name PATTERN. In a pattern, {KEY} stands for any text, which
// becomes that tag's value (each {KEY}, and each *, as short as the rest allows, left to
// right), * for any text, and every other character for itself. Matching
// takes time in proportion to the name's length times the pattern's, at
// worst (no backtracking blow-up on hostile names):
//
//   --tags-from-name '{app}_{ranks}ranks_run{run}.*'
//   lu.B_64ranks_run3.prv  ->  app=lu.B ranks=64 run=3
//
// Plain data and functions; no state, any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/entity.h"

namespace tracedb {

// One piece of a pattern: literal text, `*`, or a {KEY}.
struct PatternPiece {
  std::string literal;  // for literal text
  int key = -1;         // for {KEY}: its index in NamePattern::keys; -1 otherwise
  bool any = false;     // for `*` and {KEY}: any text
};

struct NamePattern {
  std::string text;                  // as the user wrote it
  std::vector<PatternPiece> pieces;  // in order
  std::vector<std::string> keys;     // in order
};

struct TraceLabels {
  std::string name;     // --name: the trace's name instead of its file's; "" for that
  std::string comment;  // --comment
  Extras tags;          // --tag, sorted by key; they win over the name's
  std::optional<NamePattern> tags_from_name;  // --tags-from-name
  // --time-unit: of a Pajé trace's times ("s", "ms", "us", "ns"); none: "s".
  // Formats that know their unit (Paraver, OTF2: seconds) keep it.
  std::optional<std::string> time_unit;
};

// "run=3" -> {run, 3}. Throws std::invalid_argument ("--tag wants
// KEY=VALUE, not 'run'"; a key of other characters than letters, digits,
// '_', '.' and '-').
ExtraField ParseTag(std::string_view text);

// --tag values, sorted by key. Throws std::invalid_argument as ParseTag
// does, and for a key given twice.
Extras ParseTags(const std::vector<std::string>& texts);

// Throws std::invalid_argument for a '{' without '}', a bad key, a key
// twice, or a pattern without any {KEY}.
NamePattern CompileNamePattern(std::string_view pattern);

// The tags that `labels` gives the file named `file_name` (no folder): its
// --tag ones and those its name yields, sorted by key. `warning` is set
// when the name does not match the pattern (it then yields none).
Extras TagsFor(const TraceLabels& labels, std::string_view file_name, std::string* warning);

}  // namespace tracedb
