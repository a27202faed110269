// The Pajé format (../shared/docs/paje-format.md) as pipeline/formats.h
// lists it: any text may be a Pajé trace (its reader's errors say what is
// wrong), it has no companion files, and it reads through the simulator
// (simulate_paje.h).
//
// Threading: an immutable value; see format/trace_format.h.
#pragma once

#include "format/trace_format.h"

namespace tracedb::paje {

extern const TraceFormat kPajeFormat;

}  // namespace tracedb::paje
