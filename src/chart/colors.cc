#include "chart/colors.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <vector>

namespace tracedb {
namespace {

// Distinct, readable on white (Tableau's ten and two more).
constexpr const char* kPalette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2",
                                    "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
                                    "#9c755f", "#bab0ac", "#86bcb6", "#d37295"};

// "0 0.39 0.78" or "{0,100,200}": three numbers, else none.
std::optional<std::vector<double>> Components(std::string text) {
  bool paraver = text.find('{') != std::string::npos;
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '{' || c == '}' || c == ','; }, ' ');
  std::istringstream in(text);
  std::vector<double> parts;
  for (double part = 0; in >> part;) parts.push_back(part);
  if (parts.size() != 3 || !in.eof()) return std::nullopt;
  bool bytes = paraver || std::any_of(parts.begin(), parts.end(), [](double p) { return p > 1; });
  for (double& part : parts) part = std::clamp(bytes ? part / 255 : part, 0.0, 1.0);
  return parts;
}

std::string Hex(const std::vector<double>& parts) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<int>(parts[0] * 255 + 0.5),
                static_cast<int>(parts[1] * 255 + 0.5), static_cast<int>(parts[2] * 255 + 0.5));
  return text;
}

// FNV-1a: the same name, the same colour, on every machine.
uint32_t NameHash(const std::string& name) {
  uint32_t hash = 2166136261u;
  for (unsigned char c : name) hash = (hash ^ c) * 16777619u;
  return hash;
}

}  // namespace

std::string PaletteColor(size_t index) {
  return kPalette[index % (sizeof kPalette / sizeof kPalette[0])];
}

std::string CssColor(const std::optional<std::string>& trace_color, const std::string& name) {
  if (trace_color) {
    if (auto parts = Components(*trace_color)) return Hex(*parts);
  }
  return kPalette[NameHash(name) % (sizeof kPalette / sizeof kPalette[0])];
}

}  // namespace tracedb
