// MessageMatcher: MPI point-to-point records as links
// (../shared/docs/otf2-format.md, "Links"). Send and receive records are
// matched per (communicator, sender, receiver, tag), first in first out in
// each location's record order: MPI's non-overtaking rule. A pair is one
// link of the root container from the sender's location to the receiver's,
// valued by the communicator's name. What stays unmatched holds memory
// until its partner comes: the messages in flight.
//
// The reading thread.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "format/otf2/definitions.h"
#include "format/otf2/location_table.h"
#include "format/otf2/type_cache.h"
#include "model/entity.h"

namespace tracedb::otf2 {

// One half of a message, as its record gave it.
struct MessageHalf {
  uint64_t location;  // the recorder
  uint64_t timestamp;
  uint64_t peer;       // the other end's location
  uint32_t container;  // the recorder's
  uint32_t peer_container;
  uint32_t comm;
  uint32_t tag;
  uint64_t length;
  const char* record;  // "MpiSend", "MpiIrecv", ...
  bool is_send;
  std::optional<uint64_t> request;  // a non-blocking send's, for MpiRequestCancelled
};

class MessageMatcher {
 public:
  MessageMatcher(const Otf2Definitions& definitions, TypeCache* types, EntitySink* sink)
      : d_(definitions), types_(types), sink_(sink) {}

  void Send(const LocationTable& table, const MessageHalf& send);
  void Receive(const LocationTable& table, const MessageHalf& receive);
  // Takes the latest unmatched send of `location` with that request out of
  // matching: a cancelled send never arrives.
  void Cancel(uint64_t location, uint64_t request);
  // The halves still unmatched: dropped (counted) when `drop`, else the
  // earliest is a RecordProblem.
  uint64_t Finish(const LocationTable& table, bool drop);

 private:
  // (communicator, sender, receiver, tag)
  using Key = std::tuple<uint32_t, uint64_t, uint64_t, uint32_t>;
  struct KeyHash {
    size_t operator()(const Key& k) const {
      uint64_t h = std::get<1>(k) * 0x9E3779B97F4A7C15ull ^ std::get<2>(k);
      h = h * 0x9E3779B97F4A7C15ull ^
          (static_cast<uint64_t>(std::get<0>(k)) << 32 | std::get<3>(k));
      return static_cast<size_t>(h ^ (h >> 29));
    }
  };
  // Halves in record order. A drained queue keeps its capacity for the
  // key's next messages: no allocation per message in a steady exchange.
  struct Fifo {
    std::vector<MessageHalf> items;
    size_t head = 0;
    bool empty() const { return head == items.size(); }
    size_t size() const { return items.size() - head; }
    const MessageHalf& front() const { return items[head]; }
    void pop_front() {
      if (++head == items.size()) {
        items.clear();
        head = 0;
      }
    }
  };
  // One side of a key is empty at any time: what is pending is either
  // sends or receives.
  struct Pending {
    Fifo sends;
    Fifo receives;
    bool empty() const { return sends.empty() && receives.empty(); }
  };

  void Emit(const LocationTable& table, const MessageHalf& send, const MessageHalf& receive);
  uint32_t LinkType(const MessageHalf& send);
  RecordProblem Unmatched(const LocationTable& table, const MessageHalf& half,
                          uint64_t count) const;

  const Otf2Definitions& d_;
  TypeCache* types_;
  EntitySink* sink_;
  // Drained entries stay for their key's next messages, but are swept out
  // as the table doubles, so that it holds about the keys in flight, not
  // every key the trace ever used.
  void SweepDrained();
  std::unordered_map<Key, Pending, KeyHash> pending_;
  size_t swept_size_ = 0;
  std::optional<uint32_t> link_type_;
  std::map<uint32_t, uint32_t> values_;  // communicator -> value
  uint64_t links_ = 0;
};

}  // namespace tracedb::otf2
