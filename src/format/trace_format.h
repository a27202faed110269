// Which reader a trace file needs. `auto` looks at the content (through
// gzip): a Paraver trace starts with "#Paraver (", anything else is Pajé,
// except that a NAME.prv or NAME.prv.gz goes to the Paraver reader anyway,
// whose error then says what is wrong with its header.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tracedb {

class InputFile;

enum class TraceFormat { kAuto, kPaje, kParaver };

// "auto", "paje", "paraver"; nullopt for anything else.
std::optional<TraceFormat> ParseTraceFormat(std::string_view name);
const char* TraceFormatName(TraceFormat format);  // "paje", "paraver" (or "auto")

// Resolves kAuto by peeking at the first bytes of `input` (InputFile::Peek),
// so that the reader chosen then reads `input` from its first byte: this is
// how stdin ("-") and pipes are detected. Throws InputError when it cannot
// be read.
TraceFormat DetectTraceFormat(InputFile& input, TraceFormat requested);

// The same for a file by its path, which is opened for the look and closed.
// stdin and other inputs that cannot be read twice (a pipe, a device) are
// taken as Pajé here, unless named NAME.prv[.gz]: open them and use the
// overload above instead. Throws InputError when the file cannot be opened.
TraceFormat DetectTraceFormat(const std::string& path, TraceFormat requested);

}  // namespace tracedb
