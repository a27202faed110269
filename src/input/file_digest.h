// Sha256OfFile: the SHA-256 of a file's bytes as stored (a .gz file's
// compressed bytes), lowercase hex. The archive uses it to recognise a file
// it already holds. Reads in 1 MiB chunks; throws InputError naming the file.
#pragma once

#include <string>

namespace tracedb {

std::string Sha256OfFile(const std::string& path);

}  // namespace tracedb
