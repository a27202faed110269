// CallPathTree: a trace's call-path profile (the call_path summaries,
// model/call_paths.h) as one tree per state type: the containers' paths of
// the same values merged (or, per container, each container's own), with
// their count, inclusive and exclusive time. `tracedb profile --tree`
// prints it (CallPathRows), the report draws it as a flame graph
// (chart/icicle_svg.h).
//
// Children go largest inclusive time first, ties by name; the "(other
// paths)" entries (past the bound per container) are roots named so.
//
// Runs on the caller's thread; reads the trace in one snapshot.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/flat_profile.h"
#include "db/trace_reader.h"
#include "db/trace_record.h"
#include "results/row_source.h"

namespace tracedb {

struct CallPathNode {
  std::string type;                  // the state type's name
  std::string name;                  // the value's, or "(other paths)"
  std::optional<std::string> color;  // the value's, as the trace wrote it
  std::string container;             // its path, per container; else ""
  uint32_t depth = 0;                // 0 for a root
  int64_t count = 0;
  double inclusive = 0;
  double exclusive = 0;
  double lifetime = 0;  // of the containers with states of the type
  std::vector<size_t> children;
};

struct CallPathTree {
  std::string unit_word = "seconds";  // of the trace's times, for the columns
  std::vector<CallPathNode> nodes;
  std::vector<size_t> roots;  // by type name, then as children are
};

// `options`: by (merged or per container) and type; a window or counters
// are the caller's to refuse (the summaries know neither).
CallPathTree ReadCallPathTree(TraceReader& reader, const TraceRecord& trace,
                              const ProfileOptions& options);

// Depth first: [container_path,] type, depth, call_path, count,
// inclusive_seconds, exclusive_seconds, inclusive_share (inclusive over
// the lifetimes). call_path is the values from the root joined by ";" (the
// folded-stack form flame-graph tools read), or, `indented`, the last
// value after two spaces per depth, for a terminal.
RowSource CallPathRows(CallPathTree tree, bool per_container, bool indented);

}  // namespace tracedb
