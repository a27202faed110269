// PalettePng: an image of at most 256 colours as PNG bytes (8-bit indexed
// colour, zlib-compressed rows), for the charts that draw more cells than
// SVG elements could hold (an aggregated Gantt: a pixel per container and
// time column).
//
// Plain function; no threading concerns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tracedb {

struct PaletteImage {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint32_t> palette;  // 0xRRGGBB, at most 256
  std::vector<uint8_t> pixels;    // width * height indices into palette, row by row
  int transparent = -1;           // the palette index drawn see-through, -1: none
};

std::string PalettePng(const PaletteImage& image);

// "data:image/png;base64,...".
std::string PngDataUri(const std::string& png);

}  // namespace tracedb
