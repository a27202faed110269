// The inputs of the hostile-input tables (rejected_input_test.cc,
// accepted_input_test.cc): how a row's trace is written in its own folder
// (plain, gzip, cut short, a folder, an unreadable file...) and how it
// reaches tracedb (a path, or stdin from a file or a pipe), and the small
// traces the rows build on.
#pragma once

#include <string>
#include <vector>

#include "support/child_process.h"

namespace tracedb::testing {

// What a row writes.
enum class Shape {
  kFile,             // the content as it is
  kGzip,             // gzip-compressed
  kGzipCutInHalf,    // gzip-compressed, then the second half of the bytes lost
  kGzipBadChecksum,  // gzip-compressed, one byte of the CRC-32 trailer flipped
  kDirectory,        // a folder where the trace should be
  kUnreadable,       // the content, chmod 000
  kMissing,          // nothing at all
  kFifo,             // a named pipe that another process fills with the content
  kDevZero,          // /dev/zero instead of a file of the folder
};

// How the trace reaches tracedb.
enum class Feed { kPath, kStdinFile, kStdinPipe };

struct Input {
  std::string file;  // "trace.paje", "trace.prv", "trace.paje.gz"...
  std::string content;
  std::string (*generate)() = nullptr;  // the content, for large ones
  // An OTF2 archive: writes its files into the row's folder (`file` its
  // anchor there) instead of `content`.
  void (*archive)(const std::string& folder) = nullptr;
  std::string pcf;                      // trace.pcf beside, when not empty
  std::string row;                      // trace.row beside, when not empty
  Shape shape = Shape::kFile;
  Feed feed = Feed::kPath;
};

// Whether the row's file is named as a Paraver trace (NAME.prv[.gz]).
bool IsParaverName(const std::string& file);

// An Input written to disk.
struct WrittenTrace {
  std::string folder;
  std::vector<std::string> args;  // the trace as the command line gives it
  std::string shown;              // how messages name it: the path, or "-"
  ChildOptions run_options;       // its stdin, or the process that fills a pipe
};

// Writes `input` in a fresh folder named after the row.
WrittenTrace WriteInput(const Input& input, const std::string& row_name);

// Replaces every "{FILE}" in `text` with `shown`.
std::string NameFile(std::string text, const std::string& shown);

// Pajé: Header() (test_support.h) and `body`, as trace.paje; the message
// for `problem` at body line k.
Input Paje(const std::string& body, Shape shape = Shape::kFile, Feed feed = Feed::kPath);
std::string PajeAt(int k, const std::string& problem);

// Paraver: kPrvHeader and `records`, as trace.prv with optional companions;
// the message for `problem` at line `line` of the file (the header is 1).
extern const char* const kPrvHeader;
Input Prv(const std::string& records, const std::string& pcf = "", const std::string& row = "");
std::string PrvAt(int line, const std::string& problem);

// The containers kPrvHeader declares, its two threads named t1 and t2.
std::vector<std::string> PrvContainers(const std::string& t1 = "THREAD 1.1.1",
                                       const std::string& t2 = "THREAD 1.2.1");

// OTF2: an archive that `write` makes in the row's folder, its anchor
// traces.otf2. WriteOtf2Pair writes two processes of a thread each (ids 0
// and 1) under node "host", 1000 ticks per second: on each, "main" from tick
// 0 (process 0) or 5 to 30 or 40, and a message of 66 bytes, tag 5, on
// MPI_COMM_WORLD from process 0 at 10 to process 1 at 20; both locations
// have local definitions (a region mapping no record uses). With `records`
// more Enter/Leave pairs of main on location 0, from tick 100 on.
Input Otf2(void (*write)(const std::string& folder));
void WriteOtf2Pair(const std::string& folder, int records = 0);

// "%.6f" of n, as the dump prints depths and times.
std::string Fixed(double n);

}  // namespace tracedb::testing
