// The OTF2 format (../shared/docs/otf2-format.md) as pipeline/formats.h
// lists it: an archive given by its anchor file, which starts with the
// bytes "\x03BOTF2\0" (or is named NAME.otf2, whose reader then says what is
// wrong with it), read with the rest of the archive (the global and local
// definitions, the event files) as its companions, so that the trace's
// identity covers every file of it.
//
// Threading: an immutable value; see format/trace_format.h.
#pragma once

#include "format/trace_format.h"

namespace tracedb::otf2 {

extern const TraceFormat kOtf2Format;

}  // namespace tracedb::otf2
