#include "chart/png_image.h"

#include <zlib.h>

#include <stdexcept>

namespace tracedb {
namespace {

void Put32(std::string* out, uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) out->push_back(static_cast<char>(value >> shift));
}

// Length, type, data, CRC of type and data.
void AppendChunk(std::string* out, const char* type, const std::string& data) {
  Put32(out, static_cast<uint32_t>(data.size()));
  std::string body = std::string(type, 4) + data;
  *out += body;
  Put32(out,
        static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(body.data()), body.size())));
}

std::string Header(const PaletteImage& image) {
  std::string data;
  Put32(&data, image.width);
  Put32(&data, image.height);
  data +=
      std::string("\x08\x03\x00\x00\x00", 5);  // 8 bits, indexed, deflate, filter 0, no interlace
  return data;
}

std::string Palette(const PaletteImage& image) {
  std::string data;
  for (uint32_t color : image.palette) {
    data.push_back(static_cast<char>(color >> 16));
    data.push_back(static_cast<char>(color >> 8));
    data.push_back(static_cast<char>(color));
  }
  return data;
}

// Every row after its filter byte 0 (none), deflated.
std::string Compressed(const PaletteImage& image) {
  std::string raw;
  raw.reserve((image.width + 1) * image.height);
  for (uint32_t row = 0; row < image.height; ++row) {
    raw.push_back('\0');
    raw.append(reinterpret_cast<const char*>(image.pixels.data()) + size_t{row} * image.width,
               image.width);
  }
  uLongf size = compressBound(raw.size());
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                reinterpret_cast<const Bytef*>(raw.data()), raw.size(), 6) != Z_OK) {
    throw std::runtime_error("PNG: zlib could not compress the image");
  }
  out.resize(size);
  return out;
}

}  // namespace

std::string PalettePng(const PaletteImage& image) {
  std::string out("\x89PNG\r\n\x1a\n", 8);
  AppendChunk(&out, "IHDR", Header(image));
  AppendChunk(&out, "PLTE", Palette(image));
  if (image.transparent >= 0) {
    std::string alpha(static_cast<size_t>(image.transparent) + 1, '\xff');
    alpha.back() = '\0';
    AppendChunk(&out, "tRNS", alpha);
  }
  AppendChunk(&out, "IDAT", Compressed(image));
  AppendChunk(&out, "IEND", "");
  return out;
}

std::string PngDataUri(const std::string& png) {
  static const char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out = "data:image/png;base64,";
  size_t i = 0;
  for (; i + 2 < png.size(); i += 3) {
    uint32_t n = (uint8_t(png[i]) << 16) | (uint8_t(png[i + 1]) << 8) | uint8_t(png[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += kDigits[(n >> shift) & 63];
  }
  if (i < png.size()) {
    uint32_t n = uint8_t(png[i]) << 16;
    if (i + 1 < png.size()) n |= uint8_t(png[i + 1]) << 8;
    out += kDigits[(n >> 18) & 63];
    out += kDigits[(n >> 12) & 63];
    out += i + 1 < png.size() ? kDigits[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

}  // namespace tracedb
