#include "format/otf2/metric_series.h"

namespace tracedb::otf2 {
namespace {

double AsDouble(OTF2_Type type, OTF2_MetricValue value) {
  switch (type) {
    case OTF2_TYPE_INT64:
      return static_cast<double>(value.signed_int);
    case OTF2_TYPE_DOUBLE:
      return value.floating_point;
    default:
      return static_cast<double>(value.unsigned_int);
  }
}

// v(i) - v(i-1), exact for integers (a signed difference of UINT64s) before
// it becomes a double.
double Difference(const OTF2_Type type, OTF2_MetricValue now, OTF2_MetricValue before) {
  switch (type) {
    case OTF2_TYPE_INT64:
      return static_cast<double>(now.signed_int - before.signed_int);
    case OTF2_TYPE_DOUBLE:
      return now.floating_point - before.floating_point;
    default:
      return static_cast<double>(static_cast<int64_t>(now.unsigned_int - before.unsigned_int));
  }
}

}  // namespace

MetricSeries::Series& MetricSeries::SeriesOf(const LocationRecord& location, uint32_t member) {
  auto key = std::make_pair(location.id, member);
  if (auto found = series_.find(key); found != series_.end()) return found->second;
  const MetricMember& definition = d_.metric_members.at(member);
  uint32_t parent = types_->registry().container(location.container).type;
  uint32_t type = types_->Type(d_.Text(definition.name), TypeKind::kVariable, parent);
  bool accumulated = (definition.mode & OTF2_METRIC_VALUE_MASK) == OTF2_METRIC_VALUE_ACCUMULATED;
  return series_
      .emplace(key,
               Series{.container = location.container, .type = type, .accumulated = accumulated})
      .first->second;
}

void MetricSeries::Add(Series& series, const Reading& sample, const TimeBase& time) {
  std::optional<uint64_t> since = series.track.Since(sample.timestamp);
  const Reading last = series.last;
  series.last = sample;
  if (!since) return;
  double start = time.Seconds(*since), end = time.Seconds(sample.timestamp);
  if (series.accumulated) {
    sink_->OnVariable(CountRate(series.container, series.type, start, end,
                                Difference(sample.type, sample.value, last.value),
                                static_cast<double>(sample.timestamp - *since),
                                static_cast<double>(time.resolution)));
    return;
  }
  sink_->OnVariable({.container = series.container,
                     .type = series.type,
                     .start = start,
                     .end = end,
                     .value = AsDouble(last.type, last.value)});
}

void MetricSeries::Check(const LocationTable& table, uint64_t location, uint64_t timestamp,
                         const MetricRecord& record) const {
  const std::vector<uint32_t>* members = d_.MetricMembers(record.metric);
  if (members == nullptr) {
    throw table.Problem(
        location, timestamp,
        "Metric of metric " + std::to_string(record.metric) + ", which is not defined");
  }
  if (members->size() != record.count) {
    throw table.Problem(location, timestamp,
                        "Metric with " + std::to_string(record.count) + " value(s) for " +
                            std::to_string(members->size()) + " member(s)");
  }
  for (uint32_t member : *members) {
    if (!d_.metric_members.contains(member)) {
      throw table.Problem(location, timestamp,
                          "Metric of member " + std::to_string(member) + ", which is not defined");
    }
  }
}

void MetricSeries::Sample(const LocationTable& table, const LocationRecord& location,
                          uint64_t timestamp, const MetricRecord& record) {
  const std::vector<uint32_t>& members = *d_.MetricMembers(record.metric);
  for (size_t i = 0; i < members.size(); ++i) {
    Add(SeriesOf(location, members[i]), {timestamp, record.types[i], record.values[i]},
        table.time());
  }
}

void MetricSeries::Finish(const TimeBase& time, const std::function<uint64_t(uint64_t)>& end_of) {
  for (auto& [key, series] : series_) {
    if (series.accumulated || !series.track.any()) continue;
    uint64_t end = end_of(key.first);
    if (end <= series.last.timestamp) continue;
    sink_->OnVariable({.container = series.container,
                       .type = series.type,
                       .start = time.Seconds(series.last.timestamp),
                       .end = time.Seconds(end),
                       .value = AsDouble(series.last.type, series.last.value)});
  }
}

}  // namespace tracedb::otf2
