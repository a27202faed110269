// schema/schema.sql compiled into the binary, for `tracedb schema
// --documented`: the whole current schema with every column explained, in
// SQLite's dialect. Generated at build time by cmake/embed_text.cmake
// (cmake/schema_doc.cmake); the string lives for the whole program.
#pragma once

#include <string_view>

namespace tracedb {

std::string_view DocumentedSchema();

}  // namespace tracedb
