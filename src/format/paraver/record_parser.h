// ParseRecords: a block of whole body lines of a .prv file -> Records. The
// parallel part of reading a Paraver trace: it needs only the header's
// objects, so workers parse different blocks of one file at once.
//
// Every check that one line allows is made here (record type, field count,
// numbers, thread and CPU in the header, CPU on the thread's node); a line
// that fails one is left out and reported with its line, relative to the
// block, for the in-order stage to place in the file.
#pragma once

#include <string_view>

#include "format/paraver/object_model.h"
#include "format/paraver/record.h"

namespace tracedb::paraver {

ParsedRecords ParseRecords(std::string_view text, const ObjectModel& objects);

}  // namespace tracedb::paraver
