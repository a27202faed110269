// UTF-8 checks for text read from input files: whether its bytes are valid
// UTF-8 (RFC 3629: no overlong forms, no UTF-16 surrogates, nothing past
// U+10FFFF). Pure functions; any thread.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedb {

// Whether any byte of `text` is 0x80 or above: text without one is ASCII,
// valid UTF-8 as it is. The quick test that spares most input the rest; it
// reads 64 bytes per step.
bool HasHighByte(std::string_view text);

// The length (2 to 4) of the valid UTF-8 sequence of several bytes that
// starts at text[i]; 0 when none does (an ASCII byte, a byte that cannot
// start one, a sequence cut short or not allowed).
size_t Utf8SequenceLength(std::string_view text, size_t i);

// Whether all of `text` is valid UTF-8.
bool IsUtf8(std::string_view text);

// `text` whole when it holds at most `bytes` bytes; else its first `bytes`
// or fewer, ending between UTF-8 characters, and "…" (what a message or a
// tooltip quotes of a long text).
std::string CutUtf8(std::string_view text, size_t bytes);

}  // namespace tracedb
