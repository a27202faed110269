// The records of a gen_prv trace, written by one discrete-event simulation of all its threads
// (prv_generator.cc).
//
// Single-threaded; each call simulates the whole trace again from the options' seed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gen_output.h"
#include "prv_layout.h"

namespace tracedb::bench::prv {

// The buffer of an Output that only counts: nothing is written, so it may stay in cache.
constexpr std::size_t kCountingBufferBytes = 64u << 10;

// Writes the whole trace, its header with `header_end` as END_TIME, and says what it wrote.
// The same options give the same records whatever `header_end` is.
Counts WriteTrace(const Options& options, Output& out, std::uint64_t header_end);

}  // namespace tracedb::bench::prv
