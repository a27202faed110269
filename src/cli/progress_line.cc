#include "cli/progress_line.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace tracedb {
namespace {

constexpr size_t kLabelWidth = 20;
constexpr int kBarWidth = 16;

// The file's name cut to kLabelWidth code points ("...name.paje"), padded.
std::string FitLabel(const std::string& label) {
  std::string name = label.substr(label.find_last_of('/') + 1);
  std::vector<size_t> starts;  // each code point's first byte
  for (size_t i = 0; i < name.size(); ++i) {
    if ((static_cast<unsigned char>(name[i]) & 0xc0) != 0x80) starts.push_back(i);
  }
  if (starts.size() > kLabelWidth) {
    name = "..." + name.substr(starts[starts.size() - (kLabelWidth - 3)]);
  }
  size_t width = std::min(starts.size(), kLabelWidth);
  return name + std::string(kLabelWidth - width, ' ');
}

// "[########--------]  45%", or a bar of '?' when the size is unknown.
std::string Bar(double fraction) {
  if (fraction < 0) return "[" + std::string(kBarWidth, '?') + "]     ";
  int full = static_cast<int>(fraction * kBarWidth);
  char percent[8];
  std::snprintf(percent, sizeof percent, " %3d%%", static_cast<int>(fraction * 100));
  return "[" + std::string(full, '#') + std::string(kBarWidth - full, '-') + "]" + percent;
}

// "ETA 1:23", "ETA 2:03:45"; "" until it can be told.
std::string Eta(double fraction, double seconds) {
  if (fraction <= 0.01 || fraction >= 1 || seconds < 1) return "";
  auto left = static_cast<long>(seconds * (1 - fraction) / fraction + 0.5);
  char text[32];
  if (left >= 3600) {
    std::snprintf(text, sizeof text, "ETA %ld:%02ld:%02ld", left / 3600, left / 60 % 60, left % 60);
  } else {
    std::snprintf(text, sizeof text, "ETA %ld:%02ld", left / 60, left % 60);
  }
  return text;
}

}  // namespace

ProgressLine::ProgressLine(std::string label, ProgressOptions options)
    : label_(FitLabel(label)),
      enabled_(!options.quiet && (options.forced || isatty(STDERR_FILENO) == 1)),
      started_(std::chrono::steady_clock::now()),
      last_(started_) {}

void ProgressLine::Update(const LoadProgress& progress) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  double seconds = std::chrono::duration<double>(now - started_).count();
  double mb = static_cast<double>(progress.bytes) / 1e6;
  char numbers[64];
  std::snprintf(numbers, sizeof numbers, "  %.2fM rows  %.1f MB/s  ",
                static_cast<double>(progress.rows) / 1e6, seconds > 0 ? mb / seconds : 0.0);
  Draw(label_ + Bar(progress.fraction) + numbers + Eta(progress.fraction, seconds));
}

void ProgressLine::Stage(std::string_view what) {
  if (enabled_) Draw(label_ + Bar(1) + "  " + std::string(what));
}

void ProgressLine::Draw(const std::string& text) {
  std::string line = text.substr(0, text.find_last_not_of(' ') + 1);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressLine::Clear() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace tracedb
