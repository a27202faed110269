#include "format/otf2/record_mapper.h"

#include <algorithm>
#include <unordered_set>
#include <variant>

#include "format/otf2/ranks.h"

namespace tracedb::otf2 {
namespace {

TimeBase TimeOf(const Otf2Definitions& d) {
  return {.offset = d.offset, .resolution = d.resolution.value_or(1)};
}

}  // namespace

RecordMapper::RecordMapper(const Otf2Definitions& definitions, const ContainerTree& tree,
                           Registry* registry, EntitySink* sink)
    : d_(definitions),
      registry_(registry),
      sink_(sink),
      types_(registry),
      table_(tree, *registry, TimeOf(definitions)),
      regions_(definitions, &types_, sink),
      messages_(definitions, &types_, sink),
      collectives_(definitions, &types_, sink),
      metrics_(definitions, &types_, sink) {}

void RecordMapper::Enter(uint64_t location, uint64_t timestamp, uint32_t region) {
  LocationRecord& record = table_.Find(location, timestamp);
  table_.Check(record, timestamp);
  uint32_t value = regions_.Value(table_, record, timestamp, region);
  Touch(record, timestamp);
  regions_.Enter(record, timestamp, region, value, table_.time());
}

void RecordMapper::Leave(uint64_t location, uint64_t timestamp, uint32_t region) {
  LocationRecord& record = table_.Find(location, timestamp);
  table_.Check(record, timestamp);
  regions_.CheckOpen(table_, record, timestamp, region);
  Touch(record, timestamp);
  regions_.Leave(table_, record, timestamp, region);
}

bool RecordMapper::OnInterComm(uint32_t comm) const {
  auto found = d_.comms.find(comm);
  return found != d_.comms.end() && found->second.inter;
}

uint64_t RecordMapper::Peer(uint64_t location, uint64_t timestamp, const MessageRecord& record,
                            const char* kind) const {
  auto peer = RankLocation(d_, record.comm, record.peer_rank, location);
  if (const std::string* problem = std::get_if<std::string>(&peer)) {
    throw table_.Problem(location, timestamp, std::string(kind) + ": " + *problem);
  }
  uint64_t id = std::get<uint64_t>(peer);
  if (!d_.locations.contains(id)) {
    throw table_.Problem(location, timestamp,
                         std::string(kind) + ": rank " + std::to_string(record.peer_rank) +
                             " is location " + std::to_string(id) + ", which is not defined");
  }
  return id;
}

MessageHalf RecordMapper::Half(uint64_t location, uint64_t timestamp, const MessageRecord& record,
                               const char* kind, bool is_send) {
  LocationRecord& recorder = table_.Find(location, timestamp);
  table_.Check(recorder, timestamp);
  uint64_t peer = Peer(location, timestamp, record, kind);
  Touch(recorder, timestamp);
  return {.location = location,
          .timestamp = timestamp,
          .peer = peer,
          .container = recorder.container,
          .peer_container = table_.at(peer).container,
          .comm = record.comm,
          .tag = record.tag,
          .length = record.length,
          .record = kind,
          .is_send = is_send,
          .request = record.request};
}

void RecordMapper::Send(uint64_t location, uint64_t timestamp, const MessageRecord& record,
                        const char* kind) {
  if (OnInterComm(record.comm)) return Skip(location, timestamp, kind);
  messages_.Send(table_, Half(location, timestamp, record, kind, true));
}

void RecordMapper::Receive(uint64_t location, uint64_t timestamp, const MessageRecord& record,
                           const char* kind) {
  if (OnInterComm(record.comm)) return Skip(location, timestamp, kind);
  messages_.Receive(table_, Half(location, timestamp, record, kind, false));
}

void RecordMapper::Cancel(uint64_t location, uint64_t timestamp, uint64_t request) {
  Touch(location, timestamp);
  messages_.Cancel(location, request);
}

void RecordMapper::Collective(uint64_t location, uint64_t timestamp, const CollectiveEnd& record) {
  LocationRecord& recorder = table_.Find(location, timestamp);
  table_.Check(recorder, timestamp);
  if (!d_.comms.contains(record.comm)) {
    throw table_.Problem(location, timestamp,
                         "MpiCollectiveEnd on communicator " + std::to_string(record.comm) +
                             ", which is not defined");
  }
  Touch(recorder, timestamp);
  collectives_.End(recorder, timestamp, table_.time(), record);
}

void RecordMapper::Metric(uint64_t location, uint64_t timestamp, const MetricRecord& record) {
  LocationRecord& recorder = table_.Find(location, timestamp);
  table_.Check(recorder, timestamp);
  metrics_.Check(table_, location, timestamp, record);
  Touch(recorder, timestamp);
  metrics_.Sample(table_, recorder, timestamp, record);
}

void RecordMapper::Skip(uint64_t location, uint64_t timestamp, const char* kind) {
  Touch(location, timestamp);
  ++skipped_[kind];
}

MappedTrace RecordMapper::Finish(bool drop_incomplete) {
  const TimeBase& time = table_.time();
  for (const auto& [kind, count] : skipped_) trace_.skipped[kind] += count;
  trace_.any = table_.any();
  trace_.start = trace_.any ? time.Seconds(table_.first()) : 0;
  trace_.end = trace_.any ? time.Seconds(table_.last()) : 0;
  trace_.dropped_links = messages_.Finish(table_, drop_incomplete);
  std::vector<uint32_t> open = regions_.Finish(trace_.end);
  std::unordered_set<uint32_t> lives_to_end(open.begin(), open.end());
  std::unordered_map<uint64_t, uint64_t> end_ticks;
  std::vector<Span> spans(registry_->container_count());
  for (const LocationRecord& location : table_.all()) {
    bool to_end = lives_to_end.contains(location.container);
    end_ticks[location.id] = to_end ? table_.last() : location.last;
    if (!location.any) continue;
    spans[location.container] = {.any = true,
                                 .start = time.Seconds(location.first),
                                 .end = time.Seconds(end_ticks[location.id])};
  }
  metrics_.Finish(time, [&](uint64_t location) { return end_ticks.at(location); });
  EmitContainers(*registry_, std::move(spans), trace_.end, sink_);
  return trace_;
}

}  // namespace tracedb::otf2
