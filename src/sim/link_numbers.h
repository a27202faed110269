// A Pajé link's size and tag (the link table's size and tag columns), from
// the user fields of its halves:
//   - size: the first field named "Size" or "size" of a half, in definition
//     order, whose text is a decimal integer (an optional '-', then digits;
//     leading zeros allowed) within 64 bits; tag the same with "Tag" or
//     "tag". A field of other text ("4 KiB", "0x10", "1e3", "2.5") counts
//     for nothing, whatever its declared type, and stays in `extra` as all
//     fields do.
//   - When both halves give one, the start half's (PajeStartLink's) wins,
//     whichever came first; a half that gives none leaves the other's.
//
// Plain functions on the simulator's thread.
#pragma once

#include <cstdint>
#include <optional>

#include "model/entity.h"

namespace tracedb {

struct LinkNumbers {
  std::optional<int64_t> size;
  std::optional<int64_t> tag;
};

// What one half's fields give.
LinkNumbers LinkNumbersOf(const Extras& extras);

enum class LinkSide : uint8_t { kStart, kEnd };  // PajeStartLink's half, PajeEndLink's

// Adds the numbers of the half on `side` to the link's.
void MergeLinkNumbers(LinkNumbers* link, const LinkNumbers& half, LinkSide side);

}  // namespace tracedb
