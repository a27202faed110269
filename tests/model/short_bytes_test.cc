// CopyShort (model/short_bytes.h) against the bytes, for every size each
// of its paths takes.
#include "model/short_bytes.h"

#include <gtest/gtest.h>

#include <string>

namespace tracedb::short_bytes_test {
namespace {

// Bytes that differ at every place: 'a', 'b', ... wrapping after 'z'.
std::string Letters(size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s += static_cast<char>('a' + i % 26);
  return s;
}

TEST(CopyShort, CopiesExactlyTheBytesOfEverySize) {
  for (size_t n = 0; n <= 40; ++n) {
    std::string from = Letters(n);
    std::string to(n + 16, '#');
    CopyShort(to.data() + 8, from.data(), n);
    EXPECT_EQ(to, std::string(8, '#') + from + std::string(8, '#')) << "size " << n;
  }
}

}  // namespace
}  // namespace tracedb::short_bytes_test
