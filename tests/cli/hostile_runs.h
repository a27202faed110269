// What the hostile-input tests share (rejected_input_test.cc,
// accepted_input_test.cc): the archive each row's ingest goes into, which
// already holds another complete trace, and the checks of a run of tracedb.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "hostile_inputs.h"
#include "support/child_process.h"

namespace tracedb::testing::hostile {

// A copy of an archive holding other.paje as trace 1, as it was before the row ran.
struct Archive {
  std::string db;
  std::string other_listed;             // trace 1's line of `list --json`
  std::vector<std::string> other_rows;  // its rows per table
};

// The archive in `folder`, a copy of one made once per test process.
Archive ArchiveIn(const std::string& folder);

// Trace 1 as it was, whatever happened to the others.
void ExpectOtherTraceUntouched(const Archive& archive);

// After a failed ingest: nothing of it but, if its load began, a trace row
// marked failed with the message.
void ExpectNothingOfTheFailedLoad(const Archive& archive, const std::string& message);

// `args`, then `more`.
std::vector<std::string> With(std::vector<std::string> args, const std::vector<std::string>& more);

// What tracedb warns after reading a Paraver trace without its companions.
std::string CompanionWarnings(const Input& input, const WrittenTrace& trace);

// Exit code 0, nothing on stderr but `err`, and, unless sanitized, a peak
// memory within `max_rss_mb`.
void ExpectSuccess(const ChildRun& run, long max_rss_mb, const char* command,
                   const std::string& err = "");

// Line lists can hold a million lines: on a difference, say where it is
// instead of printing both.
void ExpectSameLines(const std::vector<std::string>& actual,
                     const std::vector<std::string>& expected, const char* what);

// `part`, `times` times over.
std::string Repeat(const std::string& part, size_t times);

// A row's input whose content `generate` makes when the row runs.
Input Generated(const char* file, std::string (*generate)(), Shape shape = Shape::kFile,
                Feed feed = Feed::kPath);

// A row's name, as the test's name ends.
template <typename Row>
std::string RowName(const ::testing::TestParamInfo<Row>& info) {
  return info.param.name;
}

}  // namespace tracedb::testing::hostile
