// The trace formats tracedb reads, and the choice of one for a file: by the
// name the user gave (--format) or, with "auto", by what the file looks like
// (format/trace_format.h, Likeness). Adding a format is a folder under
// format/ and one line in formats.cc.
//
// Threading: no state; any thread.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/trace_format.h"
#include "input/input_file.h"

namespace tracedb {

// Every format, in the order that breaks ties of detection.
std::span<const TraceFormat* const> AllFormats();

// The format called `name`; nullptr for none (including "auto").
const TraceFormat* FindFormat(std::string_view name);

// "auto, paje or paraver": the values --format takes.
std::string FormatChoices();

// `requested` ("auto" or a format's name, as FindFormat takes it) resolved
// by peeking at the first bytes of `input` (InputFile::Peek), so that the
// chosen reader still reads `input` from its first byte: how stdin ("-") and
// pipes are detected. Throws InputError when the input cannot be read, and
// std::invalid_argument for a name no format has.
const TraceFormat& DetectFormat(InputFile& input, std::string_view requested);

// The same for a file by its path, opened for the look and closed. stdin and
// other inputs that cannot be read twice (a pipe, a device) are judged by
// their name alone: open them and use the overload above instead.
const TraceFormat& DetectFormat(const std::string& path, std::string_view requested);

// The trace file that `given` names: itself, or for a folder the trace a
// format finds in it (an OTF2 archive's anchor). Throws InputError for a
// folder that holds none.
std::string TraceFileOf(const std::string& given);

// Whether `path` is a folder that holds a trace (an OTF2 archive).
bool IsTraceFolder(const std::string& path);

// Whether a file of that name is a companion of a trace (Paraver's x.pcf),
// not a trace of its own.
bool IsCompanionName(std::string_view name);

}  // namespace tracedb
