// MetricSeries: Metric records as variables (../shared/docs/otf2-format.md,
// "Variables"). A series is (location, member): each member a record
// includes is a variable of the recording location's container. An
// accumulated member gives, between consecutive samples of distinct ticks,
// the rate per second over that interval (so the count in any window is the
// integral); an absolute or relative member holds each value until the next
// sample, the last one until its location's end.
//
// The reading thread; memory: one sample per series.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "format/counter_track.h"
#include "format/otf2/definitions.h"
#include "format/otf2/location_table.h"
#include "format/otf2/type_cache.h"
#include "model/entity.h"

namespace tracedb::otf2 {

struct MetricRecord {
  uint32_t metric;  // a class or an instance
  uint8_t count;
  const OTF2_Type* types;
  const OTF2_MetricValue* values;
};

class MetricSeries {
 public:
  MetricSeries(const Otf2Definitions& definitions, TypeCache* types, EntitySink* sink)
      : d_(definitions), types_(types), sink_(sink) {}

  // Throws RecordProblem for an undefined metric, or one whose members do
  // not match the record's values.
  void Check(const LocationTable& table, uint64_t location, uint64_t timestamp,
             const MetricRecord& record) const;
  // A record that Check accepted.
  void Sample(const LocationTable& table, const LocationRecord& location, uint64_t timestamp,
              const MetricRecord& record);
  // The last value of every absolute or relative series, until its
  // location's end (`end_of`: ticks, by location id).
  void Finish(const TimeBase& time, const std::function<uint64_t(uint64_t)>& end_of);

 private:
  struct Reading {
    uint64_t timestamp;
    OTF2_Type type;
    OTF2_MetricValue value;
  };
  struct Series {
    uint32_t container;
    uint32_t type;
    bool accumulated;
    CounterTrack<uint64_t> track;  // the samples' ticks
    Reading last{};
  };

  Series& SeriesOf(const LocationRecord& location, uint32_t member);
  void Add(Series& series, const Reading& sample, const TimeBase& time);

  const Otf2Definitions& d_;
  TypeCache* types_;
  EntitySink* sink_;
  std::map<std::pair<uint64_t, uint32_t>, Series> series_;  // (location, member)
};

}  // namespace tracedb::otf2
