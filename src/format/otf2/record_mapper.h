// RecordMapper: the event records of an OTF2 archive, in the order the
// library's global reader delivers them (each location's in its file
// order), into entities: states (region_stacks.h), links
// (message_matcher.h), events (collective_events.h), variables
// (metric_series.h), and at Finish the containers over their lifetimes.
// Records it does not map are counted by kind; every record counts for its
// location's lifetime and the end of the trace.
//
// A bad record throws RecordProblem. The reading thread.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>

#include "format/otf2/collective_events.h"
#include "format/otf2/containers.h"
#include "format/otf2/definitions.h"
#include "format/otf2/location_table.h"
#include "format/otf2/message_matcher.h"
#include "format/otf2/metric_series.h"
#include "format/otf2/region_stacks.h"
#include "format/otf2/type_cache.h"
#include "model/entity.h"

namespace tracedb::otf2 {

// A point-to-point record as the callbacks give it: the peer as a rank.
struct MessageRecord {
  uint32_t peer_rank;
  uint32_t comm;
  uint32_t tag;
  uint64_t length;
  std::optional<uint64_t> request;
};

struct MappedTrace {
  uint64_t records = 0;                     // every record read
  uint64_t dropped_links = 0;               // halves without partner, with -z
  std::map<std::string, uint64_t> skipped;  // records not mapped, by OTF2's name
  bool any = false;                         // a record at all
  double start = 0;                         // the first and last record's times
  double end = 0;
};

class RecordMapper {
 public:
  RecordMapper(const Otf2Definitions& definitions, const ContainerTree& tree, Registry* registry,
               EntitySink* sink);

  void Enter(uint64_t location, uint64_t timestamp, uint32_t region);
  void Leave(uint64_t location, uint64_t timestamp, uint32_t region);
  void Send(uint64_t location, uint64_t timestamp, const MessageRecord& record, const char* kind);
  void Receive(uint64_t location, uint64_t timestamp, const MessageRecord& record,
               const char* kind);
  void Cancel(uint64_t location, uint64_t timestamp, uint64_t request);
  void Collective(uint64_t location, uint64_t timestamp, const CollectiveEnd& record);
  void Metric(uint64_t location, uint64_t timestamp, const MetricRecord& record);
  // A record that is not mapped (or one on an InterComm): counted.
  void Skip(uint64_t location, uint64_t timestamp, const char* kind);
  // Ends the trace: open states, unmatched messages (dropped with
  // `drop_incomplete`, else a RecordProblem), the last metric values, the
  // containers.
  MappedTrace Finish(bool drop_incomplete);

 private:
  LocationRecord& Touch(uint64_t location, uint64_t timestamp) {
    ++trace_.records;
    return table_.Touch(location, timestamp);
  }
  void Touch(LocationRecord& location, uint64_t timestamp) {
    ++trace_.records;
    table_.Touch(location, timestamp);
  }
  // A point-to-point record's half, checked, its location touched.
  MessageHalf Half(uint64_t location, uint64_t timestamp, const MessageRecord& record,
                   const char* kind, bool is_send);
  // The peer's location, or a RecordProblem naming the record.
  uint64_t Peer(uint64_t location, uint64_t timestamp, const MessageRecord& record,
                const char* kind) const;
  bool OnInterComm(uint32_t comm) const;

  const Otf2Definitions& d_;
  Registry* registry_;
  EntitySink* sink_;
  TypeCache types_;
  LocationTable table_;
  RegionStacks regions_;
  MessageMatcher messages_;
  CollectiveEvents collectives_;
  MetricSeries metrics_;
  MappedTrace trace_;
  // By the kinds' names, which are literals: no string made per record.
  std::unordered_map<const char*, uint64_t> skipped_;
};

}  // namespace tracedb::otf2
