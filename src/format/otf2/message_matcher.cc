#include "format/otf2/message_matcher.h"

#include <algorithm>

namespace tracedb::otf2 {

void MessageMatcher::SweepDrained() {
  if (pending_.size() < 4096 || pending_.size() < 2 * swept_size_) return;
  std::erase_if(pending_, [](const auto& entry) { return entry.second.empty(); });
  swept_size_ = pending_.size();
}

void MessageMatcher::Send(const LocationTable& table, const MessageHalf& send) {
  SweepDrained();
  Pending& pending = pending_[Key{send.comm, send.location, send.peer, send.tag}];
  if (pending.receives.empty()) return pending.sends.items.push_back(send);
  Emit(table, send, pending.receives.front());
  pending.receives.pop_front();
}

void MessageMatcher::Receive(const LocationTable& table, const MessageHalf& receive) {
  SweepDrained();
  Pending& pending = pending_[Key{receive.comm, receive.peer, receive.location, receive.tag}];
  if (pending.sends.empty()) return pending.receives.items.push_back(receive);
  Emit(table, pending.sends.front(), receive);
  pending.sends.pop_front();
}

void MessageMatcher::Cancel(uint64_t location, uint64_t request) {
  Fifo* latest_queue = nullptr;
  size_t latest = 0;
  for (auto& [key, pending] : pending_) {
    if (std::get<1>(key) != location) continue;
    Fifo& sends = pending.sends;
    for (size_t i = sends.head; i < sends.items.size(); ++i) {
      if (sends.items[i].request != request) continue;
      if (latest_queue == nullptr ||
          sends.items[i].timestamp >= latest_queue->items[latest].timestamp) {
        latest_queue = &sends;
        latest = i;
      }
    }
  }
  if (latest_queue == nullptr) return;
  latest_queue->items.erase(latest_queue->items.begin() + static_cast<ptrdiff_t>(latest));
  if (latest_queue->empty()) *latest_queue = Fifo{};
}

uint32_t MessageMatcher::LinkType(const MessageHalf& send) {
  if (link_type_) return *link_type_;
  Registry& registry = types_->registry();
  uint32_t start = registry.container(send.container).type;
  uint32_t end = registry.container(send.peer_container).type;
  link_type_ = registry.AddType({.name = "MPI point-to-point",
                                 .kind = TypeKind::kLink,
                                 .parent = kRoot,
                                 .start_type = start,
                                 .end_type = end});
  return *link_type_;
}

void MessageMatcher::Emit(const LocationTable& table, const MessageHalf& send,
                          const MessageHalf& receive) {
  uint32_t type = LinkType(send);
  auto value = values_.find(send.comm);
  if (value == values_.end()) {
    auto comm = d_.comms.find(send.comm);
    std::string name = comm == d_.comms.end() ? "" : d_.Text(comm->second.name);
    value = values_.emplace(send.comm, types_->Value(type, name)).first;
  }
  const TimeBase& time = table.time();
  sink_->OnLink({.container = kRoot,
                 .type = type,
                 .value = value->second,
                 .start = time.Seconds(send.timestamp),
                 .end = time.Seconds(receive.timestamp),
                 .start_container = send.container,
                 .end_container = receive.container,
                 .key = std::to_string(++links_),
                 .size = static_cast<int64_t>(send.length),
                 .tag = send.tag});
}

RecordProblem MessageMatcher::Unmatched(const LocationTable& table, const MessageHalf& half,
                                        uint64_t count) const {
  auto comm = d_.comms.find(half.comm);
  std::string comm_name = comm == d_.comms.end() ? "" : d_.Text(comm->second.name);
  return table.Problem(
      half.location, half.timestamp,
      std::string(half.record) + " to be matched (" + (half.is_send ? "receiver: " : "sender: ") +
          table.Name(half.peer).substr(9) + ", communicator \"" + comm_name + "\", tag " +
          std::to_string(half.tag) + ") has no partner; " + std::to_string(count) +
          " incomplete message record(s) in all (tracedb ingest -z drops them)");
}

uint64_t MessageMatcher::Finish(const LocationTable& table, bool drop) {
  uint64_t count = 0;
  const MessageHalf* earliest = nullptr;
  for (const auto& [key, pending] : pending_) {
    for (const Fifo* queue : {&pending.sends, &pending.receives}) {
      for (size_t i = queue->head; i < queue->items.size(); ++i) {
        const MessageHalf& half = queue->items[i];
        ++count;
        if (earliest == nullptr || half.timestamp < earliest->timestamp ||
            (half.timestamp == earliest->timestamp && half.location < earliest->location)) {
          earliest = &half;
        }
      }
    }
  }
  if (count > 0 && !drop) throw Unmatched(table, *earliest, count);
  pending_.clear();
  return count;
}

}  // namespace tracedb::otf2
