// ReadOtf2Trace: an OTF2 archive, given by its anchor file, into a Registry
// and an EntitySink (../shared/docs/otf2-format.md): the global
// definitions, then each location's local definitions (mapping tables and
// clock offsets, which the library applies to that location's records only
// once they are read), then the records of all locations merged by time
// through the library's global event reader, mapped as they come
// (record_mapper.h). Memory holds the definitions, the regions open and the
// messages in flight, not the records.
//
// Throws InputError naming the anchor: an unreadable archive, a missing
// definition or event file, a bad record (with its location and time),
// messages without partner unless options.simulator.ignore_incomplete_links.
//
// Runs on the calling thread; the library's own reading too.
#pragma once

#include <string>

#include "format/trace_format.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb::otf2 {

ReadResult ReadOtf2Trace(const std::string& anchor, const ReadOptions& options,
                         const ReadCallbacks& callbacks, Registry* registry, EntitySink* sink);

}  // namespace tracedb::otf2
