// The Paraver format (../shared/docs/paraver-format.md) as
// pipeline/formats.h lists it: a trace that starts with "#Paraver (", or is
// named NAME.prv[.gz] (whose reader then says what is wrong with the
// header), read with its companions NAME.pcf ("pcf": labels) and NAME.row
// ("row": names) when they are there.
//
// Threading: an immutable value; see format/trace_format.h.
#pragma once

#include "format/trace_format.h"

namespace tracedb::paraver {

extern const TraceFormat kParaverFormat;

}  // namespace tracedb::paraver
