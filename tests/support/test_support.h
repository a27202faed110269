// Helpers for golden tests: a standard header, trace text in, the exact
// dump lines out (sorted, since line order is free), or the exact error.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/dump_pipeline.h"
#include "support/child_process.h"

namespace tracedb::testing {

// Definitions 0..17 (one per event kind, see test_support.cc) followed by a
// small world: Node type N, Thread type T under it, state type S, event
// type E, variable type V and link type L (T -> T, in the root), and the
// containers n1 (node1), t1 (thread1), t2 (thread2).
std::string Header();
// The file line number of body line k (1-based) written after Header().
uint64_t BodyLine(int k);
// A body for Header() with every kind of entity: with the four containers,
// two states (one nested), an event, two values of a variable and a link: 10 rows.
extern const char* const kEveryKindBody;

// A file in a temporary folder of this test process, holding `content`.
std::string WriteTempFile(const std::string& name, std::string_view content);
// All of a file, as bytes; "" when it cannot be read.
std::string ReadWholeFile(const std::string& path);

struct DumpOutcome {
  bool ok = false;
  std::vector<std::string> lines;  // sorted
  std::string error;               // InputError text, "" when ok
};

// Whether the Pajé parser workers resolve names ahead (sim/name_snapshot.h),
// as the pipelines do, or leave every lookup to the simulator.
enum class Names { kResolvedAhead, kResolvedInOrder };

// Dumps Header() + body (or, with raw, just body) as a Pajé trace, through
// the dump pipeline (kResolvedAhead) or the simulator alone.
DumpOutcome Dump(std::string_view body, DumpPipelineOptions options = {},
                 const ReadCallbacks& callbacks = {});
DumpOutcome DumpRaw(std::string_view trace, DumpPipelineOptions options = {},
                    Names names = Names::kResolvedAhead, const ReadCallbacks& callbacks = {});

// The error DumpRaw reports for `problem` at `line` of its trace file.
std::string ErrorAt(uint64_t line, const std::string& problem);

std::vector<std::string> Sorted(std::vector<std::string> lines);

// The lines Header()'s containers print when the trace ends at `end`.
std::vector<std::string> WorldContainers(const std::string& end);

// Joins several lists of expected lines and sorts them.
std::vector<std::string> Expect(std::vector<std::vector<std::string>> parts);

// What the tracedb binary did.
struct CliRun {
  int exit_code;
  std::string out;
  std::string err;
};

// Runs `tracedb ARGS` through the shell (ARGS may hold redirections).
CliRun Tracedb(const std::string& args);

// Polls `done` every 20 ms until it holds or `limit` passes; whether it held.
bool WaitFor(const std::function<bool()>& done,
             std::chrono::seconds limit = std::chrono::seconds(60));
// Runs `PRODUCER | tracedb ARGS`: tracedb's stdin is a pipe, which cannot seek.
CliRun TracedbPiped(const std::string& producer, const std::string& args);

// The lines of `text`, sorted.
std::vector<std::string> SortedLines(const std::string& text);

// The three tests that check each trace of the shared conformance corpus
// beside the project (../shared/conformance/paje and paraver): its summaries
// against its stored rows, `summarize` against its ingest's summaries, a
// window of its whole span against its summaries.
enum class CorpusCheck { kSummaries, kSummarize, kWindow };

// The corpus files that `check` reads, sorted; none without the corpus. The
// unsanitized run gives every check every file. A sanitized build leaves out
// the files of over kSanitizedCorpusMaxBytes (7 of the 51 today, all of them
// accepted traces: under TSan the corpus tests took 1,690 s with them and 383 s
// without) and gives each check a third of the rest, every third file from
// its own start: each file is still loaded once per backend under the
// sanitizer, which looks for memory and thread errors whatever the check
// (the three checks of every file were a fifth of each sanitized suite's
// time). The conformance checks still read every file.
std::vector<std::string> ConformanceTraces(CorpusCheck check);
inline constexpr uintmax_t kSanitizedCorpusMaxBytes = 250'000;
// How many of ConformanceTraces(check) tracedb accepts: 28 Pajé and 12
// Paraver traces of the whole corpus (README there); 13, 9 and 11 of the
// sanitized build's thirds.
int AcceptedConformanceTraces(CorpusCheck check);

}  // namespace tracedb::testing
