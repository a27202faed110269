// CommMatrix: `tracedb comm`'s answer, the communication matrix of a
// complete trace from its summaries (link_summary): per link type and pair
// of containers, messages, bytes (NULL when the trace gives no sizes) and
// seconds (the links' durations summed; NULL with a missing half), the
// busiest pairs first (most messages, then most bytes; ties in container
// id order). A half that never came has a NULL path.
//
// When at most kSquareSide containers send or receive (both halves
// known), `square` holds them with the messages and bytes between each
// pair, every link type added up: a picture of who talks to whom.
//
// Runs on the caller's thread; reads the trace in one snapshot.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/trace_reader.h"
#include "db/trace_record.h"
#include "results/result_table.h"

namespace tracedb {

inline constexpr size_t kSquareSide = 32;

struct CommSquare {
  std::vector<std::string> paths;                          // rows and columns, in container order
  std::vector<std::vector<int64_t>> messages;              // [from][to]
  std::vector<std::vector<std::optional<int64_t>>> bytes;  // none: no size known
};

// type, start_container_path, end_container_path, messages, bytes and
// seconds, or the trace's unit's word (analysed_trace.h, TimeColumn).
std::vector<std::string> CommColumns(const TraceRecord& trace);

struct CommOptions {
  int64_t limit = 0;  // the busiest pairs only; 0: every pair
};

// What ReadCommMatrix finds, in this order: the square (none when more
// containers talk), then the pairs one at a time (streamed: a big trace
// has millions).
struct CommSink {
  std::function<void(const std::optional<CommSquare>&)> square;
  std::function<void(std::vector<Cell>)> pair;
};

// The square of who talks to whom for a picture: every container that
// sends or receives when they are at most kSquareSide (`whole`), else
// those of the busiest pairs, as many as fit. None when nothing talks.
struct CommPicture {
  CommSquare square;
  bool whole = true;
};

std::optional<CommPicture> ReadCommPicture(TraceReader& reader, const TraceRecord& trace);

// Returns how many pairs there are in all (`limit` or not).
int64_t ReadCommMatrix(TraceReader& reader, const TraceRecord& trace, const CommOptions& options,
                       const CommSink& sink);

}  // namespace tracedb
