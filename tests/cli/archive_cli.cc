// The trace and helpers of archive_cli.h, and the instantiation of ArchiveCli
// on both backends.
#include "archive_cli.h"

#include <regex>

namespace tracedb::testing::archive_cli {

const char* const kSmallBody =
    "8 1.0 S t1 A\n"
    "9 2.0 S t1 B\n"
    "10 3.0 S t1\n"
    "8 1.5 S t2 A\n"
    "12 2.5 E t2 hello\n"
    "13 1.0 V t2 5\n"
    "16 1.5 L 0 m t1 k1\n"
    "17 2.5 L 0 m t2 k1\n";

std::string Quoted(const std::string& text) {
  return "'" + std::regex_replace(text, std::regex("'"), "'\\''") + "'";
}

std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

INSTANTIATE_TEST_SUITE_P(Backends, ArchiveCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace tracedb::testing::archive_cli
