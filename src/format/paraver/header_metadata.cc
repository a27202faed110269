#include "format/paraver/header_metadata.h"

#include <charconv>

#include "model/json_text.h"

namespace tracedb::paraver {
namespace {

class JsonObject {
 public:
  JsonObject() : text_("{") {}
  void Key(const char* key) {
    if (text_.size() > 1) text_ += ',';
    AppendJsonString(&text_, key);
    text_ += ':';
  }
  void String(const char* key, std::string_view value) {
    Key(key);
    AppendJsonString(&text_, value);
  }
  void StringOrNull(const char* key, std::string_view value) {
    if (value.empty()) {
      Raw(key, "null");
    } else {
      String(key, value);
    }
  }
  void Raw(const char* key, std::string_view json) {
    Key(key);
    text_ += json;
  }
  std::string Close() { return text_ + "}"; }

 private:
  std::string text_;
};

// The shortest text that reads back as the same double ("1e-09").
std::string ShortestDouble(double v) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, end);
}

std::string Nodes(const ParaverHeader& h) {
  if (h.cpus_per_node.empty()) return "null";
  std::string json = "[";
  for (size_t i = 0; i < h.cpus_per_node.size(); ++i) {
    if (i > 0) json += ',';
    json += std::to_string(h.cpus_per_node[i]);
  }
  return json + "]";
}

std::string Applications(const ParaverHeader& h) {
  std::string json = "[";
  for (size_t a = 0; a < h.applications.size(); ++a) {
    json += a > 0 ? ",[" : "[";
    const auto& tasks = h.applications[a];
    for (size_t t = 0; t < tasks.size(); ++t) {
      if (t > 0) json += ',';
      json += "[" + std::to_string(tasks[t].threads) + "," + std::to_string(tasks[t].node) + "]";
    }
    json += "]";
  }
  return json + "]";
}

std::string Strings(const std::vector<std::string>& items) {
  std::string json = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) json += ',';
    AppendJsonString(&json, items[i]);
  }
  return json + "]";
}

}  // namespace

std::string HeaderMetadata(const ParaverHeader& header, const TraceFacts& facts) {
  JsonObject o;
  o.String("date", header.date);
  if (auto iso = IsoDate(header.date)) o.String("date_iso", *iso);
  o.String("time_unit", header.unit);
  o.Raw("seconds_per_tick", ShortestDouble(header.seconds_per_tick));
  o.Raw("header_end_time", std::to_string(header.end_time));
  o.Raw("end_time", std::to_string(facts.end_ticks));
  o.Raw("nodes", Nodes(header));
  o.Raw("applications", Applications(header));
  o.Raw("communicator_count", header.communicator_count ? std::to_string(*header.communicator_count)
                                                        : std::string("null"));
  o.Raw("communicators", Strings(facts.communicators));
  o.StringOrNull("pcf", facts.pcf);
  o.StringOrNull("row", facts.row);
  return o.Close();
}

}  // namespace tracedb::paraver
