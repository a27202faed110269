#include "format/otf2/message_matcher.h"

#include <algorithm>

namespace tracedb::otf2 {

void MessageMatcher::Send(const LocationTable& table, const MessageHalf& send) {
  auto entry = pending_.try_emplace(Key{send.comm, send.location, send.peer, send.tag}).first;
  Pending& pending = entry->second;
  if (pending.receives.empty()) return pending.sends.push_back(send);
  Emit(table, send, pending.receives.front());
  pending.receives.pop_front();
  if (pending.receives.empty()) pending_.erase(entry);
}

void MessageMatcher::Receive(const LocationTable& table, const MessageHalf& receive) {
  auto entry =
      pending_.try_emplace(Key{receive.comm, receive.peer, receive.location, receive.tag}).first;
  Pending& pending = entry->second;
  if (pending.sends.empty()) return pending.receives.push_back(receive);
  Emit(table, pending.sends.front(), receive);
  pending.sends.pop_front();
  if (pending.sends.empty()) pending_.erase(entry);
}

void MessageMatcher::Cancel(uint64_t location, uint64_t request) {
  std::deque<MessageHalf>* latest_queue = nullptr;
  size_t latest = 0;
  for (auto& [key, pending] : pending_) {
    if (std::get<1>(key) != location) continue;
    for (size_t i = 0; i < pending.sends.size(); ++i) {
      const MessageHalf& send = pending.sends[i];
      if (send.request != request) continue;
      if (latest_queue == nullptr || send.timestamp >= (*latest_queue)[latest].timestamp) {
        latest_queue = &pending.sends;
        latest = i;
      }
    }
  }
  if (latest_queue != nullptr) {
    latest_queue->erase(latest_queue->begin() + static_cast<ptrdiff_t>(latest));
  }
  std::erase_if(pending_, [](const auto& entry) {
    return entry.second.sends.empty() && entry.second.receives.empty();
  });
}

uint32_t MessageMatcher::LinkType(const LocationTable& table, const MessageHalf& send) {
  if (link_type_) return *link_type_;
  Registry& registry = types_->registry();
  uint32_t start = registry.container(table.at(send.location).container).type;
  uint32_t end = registry.container(table.at(send.peer).container).type;
  link_type_ = registry.AddType({.name = "MPI point-to-point",
                                 .kind = TypeKind::kLink,
                                 .parent = kRoot,
                                 .start_type = start,
                                 .end_type = end});
  return *link_type_;
}

void MessageMatcher::Emit(const LocationTable& table, const MessageHalf& send,
                          const MessageHalf& receive) {
  uint32_t type = LinkType(table, send);
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
                 .start_container = table.at(send.location).container,
                 .end_container = table.at(receive.location).container,
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
    for (const auto* queue : {&pending.sends, &pending.receives}) {
      for (const MessageHalf& half : *queue) {
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
