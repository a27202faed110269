// The traces and helpers of analysis_cli.h, and the instantiation of
// AnalysisCli on both backends.
#include "analysis_cli.h"

#include <filesystem>

namespace tracedb::testing::analysis_cli {

std::string Folder() {
  return std::filesystem::path(WriteTempFile(".folder", "")).parent_path().string();
}

size_t Count(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

const char* const kTwins =
    "6 0 n2 N 0 node2\n"
    "6 0 u1 T n2 thread1\n"
    "8 1.0 S t1 A\n"
    "8 1.0 S u1 A\n"
    "16 1.5 L 0 m t1 k1\n"
    "9 2.0 S u1 B\n"
    "16 2.0 L 0 m u1 k2\n"
    "17 2.25 L 0 m t1 k2\n"
    "10 2.5 S u1\n"
    "17 2.5 L 0 m u1 k1\n"
    "16 2.5 L 0 m u1 k3\n"
    "9 2.75 S t1 C\n"
    "10 2.75 S t1\n"
    "17 3.0 L 0 m t1 k3\n";

const char* const kMessages =
    "%EventDef PajeStartLink 18\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n% StartContainer string\n% Key string\n% Size int\n%EndEventDef\n"
    "6 0 n2 N 0 node2\n"
    "6 0 u1 T n2 thread1\n"
    "18 1.0 L 0 m t1 a 100\n"
    "18 1.0 L 0 m t1 b 50\n"
    "17 1.5 L 0 m t2 a\n"
    "18 1.5 L 0 m t2 c 10\n"
    "17 2.0 L 0 m t2 b\n"
    "16 2.0 L 0 m u1 d\n"
    "17 2.25 L 0 m u1 c\n"
    "17 2.5 L 0 m t1 d\n"
    "16 2.5 L 0 m u1 e\n"
    "17 3.0 L 0 m t1 e\n";

const char* const kTwinsLater =
    "6 0 n2 N 0 node2\n"
    "6 0 u1 T n2 thread1\n"
    "8 1.0 S t1 A\n"
    "8 1.0 S u1 A\n"
    "9 2.0 S u1 B\n"
    "9 2.5 S t1 D\n"
    "10 2.75 S t1\n"
    "10 3.5 S u1\n"
    "7 4.0 T u1\n"
    "7 4.0 T t1\n";

const char* const kColoured =
    "5 a S Alpha \"1 0 0\"\n"
    "5 b S Beta \"0 0 1\"\n"
    "8 1.0 S t1 a\n"
    "8 1.5 S t2 b\n"
    "9 2.0 S t1 b\n"
    "10 2.5 S t1\n";

INSTANTIATE_TEST_SUITE_P(Backends, AnalysisCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace tracedb::testing::analysis_cli
