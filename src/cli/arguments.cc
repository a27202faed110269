#include "cli/arguments.h"

#include <charconv>
#include <cmath>

namespace tracedb {
namespace {

// The value of an option the caller knows has one (a fallback, or Has).
const std::string& Value(const Arguments& args, std::string_view name) {
  auto found = args.values.find(name);
  if (found == args.values.end() || found->second.empty()) {
    throw std::logic_error("option --" + std::string(name) + " has no value");
  }
  return found->second.back();
}

// `text` as a double, or nullopt when it is not one number.
std::optional<double> Real(const std::string& text) {
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

bool Has(const Arguments& args, std::string_view name) { return args.values.contains(name); }

bool Flag(const Arguments& args, std::string_view name) {
  return Has(args, name) && Value(args, name) == "true";  // not --csv=false
}

std::optional<std::string> Text(const Arguments& args, std::string_view name) {
  if (!Has(args, name)) return std::nullopt;
  return Value(args, name);
}

std::vector<std::string> Texts(const Arguments& args, std::string_view name) {
  auto found = args.values.find(name);
  return found == args.values.end() ? std::vector<std::string>{} : found->second;
}

int64_t Number(const Arguments& args, std::string_view name, int64_t min, int64_t max) {
  const std::string& text = Value(args, name);
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    throw UsageError("--" + std::string(name) + " must be a whole number from " +
                     std::to_string(min) + " to " + std::to_string(max) + ", not '" + text + "'");
  }
  return value;
}

double Seconds(const Arguments& args, std::string_view name) {
  const std::string& text = Value(args, name);
  std::optional<double> value = Real(text);
  if (!value || !(*value >= 0) || *value > 1e9) {
    throw UsageError("--" + std::string(name) + " must be a number of seconds, 0 or more, not '" +
                     text + "'");
  }
  return *value;
}

double Time(const Arguments& args, std::string_view name) {
  const std::string& text = Value(args, name);
  std::optional<double> value = Real(text);
  if (!value || !std::isfinite(*value)) {
    throw UsageError("--" + std::string(name) + " must be a time of the trace (a number), not '" +
                     text + "'");
  }
  return *value;
}

std::string OneOperand(const Arguments& args, std::string_view what) {
  if (args.operands.empty()) throw UsageError("missing " + std::string(what));
  if (args.operands.size() > 1) throw UsageError("one " + std::string(what) + " only");
  return args.operands.front();
}

}  // namespace tracedb
