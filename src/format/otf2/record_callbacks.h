// The OTF2 library's global event reader, wired to a RecordMapper: one
// callback per record kind, those tracedb maps to the mapper's handlers,
// every other kind (79 in OTF2 3.0, and unknown records) to its count of
// skipped records. A record the mapper refuses goes to BadLines: skipped
// (--on-error skip), or, as a callback cannot throw through the C library,
// kept while the read is interrupted.
//
// The reading thread.
#pragma once

#include <otf2/otf2.h>

#include <exception>
#include <functional>
#include <optional>

#include "format/otf2/record_mapper.h"
#include "model/bad_lines.h"

namespace tracedb::otf2 {

struct CallbackState {
  RecordMapper* mapper;
  BadLines* bad_lines;
  std::optional<RecordProblem> problem;  // the record that stopped the read
  std::exception_ptr error;              // anything else a handler threw
  uint64_t records = 0;
  // Called every kProgressRecords records with the records read.
  std::function<void(uint64_t records)> progress;
};

inline constexpr uint64_t kProgressRecords = 1 << 16;

// Callbacks for every record kind, each given `state` as its user data.
OTF2_GlobalEvtReaderCallbacks* NewRecordCallbacks();

}  // namespace tracedb::otf2
