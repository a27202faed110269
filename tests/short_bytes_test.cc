// CopyShort and EqualShort (model/short_bytes.h) against memcpy and memcmp,
// for every size either path takes, and DumpText's repeated times, which
// read back text already in its buffer (output/dump_text.h).
#include "model/short_bytes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "output/dump_text.h"

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

TEST(EqualShort, TellsEveryDifferentByteAtEverySize) {
  for (size_t n = 0; n <= 40; ++n) {
    std::string a = Letters(n);
    EXPECT_TRUE(EqualShort(a.data(), Letters(n).data(), n)) << "size " << n;
    for (size_t at = 0; at < n; ++at) {
      std::string b = a;
      b[at] = '#';
      EXPECT_FALSE(EqualShort(a.data(), b.data(), n)) << "size " << n << ", byte " << at;
    }
  }
}

// A time spelled again is copied from where it was spelled, and spelled
// anew once a flush has handed that text on.
TEST(DumpTextTimes, ARepeatedTimeIsTheSameTextAcrossFlushes) {
  std::vector<std::string> pieces;
  DumpText text([&](std::string_view bytes) { pieces.emplace_back(bytes); });
  TypeInfo type{.name = "S", .kind = TypeKind::kEvent, .parent = 0};
  ContainerInfo container{.name = "c", .type = 0, .parent = 0, .start = 0};
  DumpLine line{.kind = DumpKind::kEvent,
                .container = &container,
                .type = &type,
                .value = "v",
                .start = 1.25};
  text.Event(line);
  text.Event(line);
  text.Flush();
  text.Event(line);
  line.start = 2.5;
  text.Event(line);
  text.Flush();
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0], "Event, c, S, 1.250000, v\nEvent, c, S, 1.250000, v\n");
  EXPECT_EQ(pieces[1], "Event, c, S, 1.250000, v\nEvent, c, S, 2.500000, v\n");
}

}  // namespace
}  // namespace tracedb::short_bytes_test
