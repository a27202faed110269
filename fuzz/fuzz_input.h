// What the fuzz targets share: libFuzzer's bytes as an in-memory trace file,
// and blocks small enough that a few-kilobyte input spans many of them, so
// that the paths joining blocks (lines carried over, definitions deferred to
// a later block) run too. Cutting into blocks must not change any result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "input/block_reader.h"

namespace tracedb::fuzz {

inline std::string_view Bytes(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

constexpr BlockReaderOptions kSmallBlocks{.block_size = 1024, .first_block_size = 64};

}  // namespace tracedb::fuzz
