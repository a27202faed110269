// RecordedRows: an EntitySink that keeps the rows a shard made, each
// tagged with the message that made it, with the shard's refusals among
// them, so that the sequencer's thread can hand them on in file order
// (sim/sharded_simulator.h).
//
// Threading: filled on one thread, then moved through a queue and replayed
// on another.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "model/entity.h"
#include "sim/shard_replay.h"

namespace tracedb {

class RecordedRows : public EntitySink {
 public:
  // Empty, keeping the room (the rows are freed on the thread that clears).
  void clear() {
    tags_.clear();
    containers_.clear();
    states_.clear();
    events_.clear();
    variables_.clear();
    links_.clear();
    refusals_.clear();
  }
  // The message the rows that follow belong to; messages in increasing order.
  void StartMessage(uint32_t message) { message_ = message; }
  void OnContainer(const ContainerRow& row) override { Keep(containers_, row, Kind::kContainer); }
  void OnState(const StateRow& row) override { Keep(states_, row, Kind::kState); }
  void OnEvent(const EventRow& row) override { Keep(events_, row, Kind::kEvent); }
  void OnVariable(const VariableRow& row) override { Keep(variables_, row, Kind::kVariable); }
  void OnLink(const LinkRow& row) override { Keep(links_, row, Kind::kLink); }
  void OnRefusal(Refusal refusal) { Keep(refusals_, std::move(refusal), Kind::kRefusal); }

  // Hands on the rows of message `message`, the next one with rows or
  // after them, from position `*next` on (0 at first), and moves `*next`
  // past them. Refusals go to `refused`, in their place among the rows.
  void Replay(uint32_t message, size_t* next, EntitySink& sink,
              const std::function<void(const Refusal&)>& refused) const;

 private:
  enum class Kind : uint8_t { kContainer, kState, kEvent, kVariable, kLink, kRefusal };
  struct Tag {
    uint32_t message;
    Kind kind;
    uint32_t index;  // in the vector of its kind
  };

  template <typename Row>
  void Keep(std::vector<Row>& rows, Row row, Kind kind) {
    tags_.push_back({message_, kind, static_cast<uint32_t>(rows.size())});
    rows.push_back(std::move(row));
  }
  void ReplayOne(const Tag& tag, EntitySink& sink,
                 const std::function<void(const Refusal&)>& refused) const;

  uint32_t message_ = 0;
  std::vector<Tag> tags_;
  std::vector<ContainerRow> containers_;
  std::vector<StateRow> states_;
  std::vector<EventRow> events_;
  std::vector<VariableRow> variables_;
  std::vector<LinkRow> links_;
  std::vector<Refusal> refusals_;
};

}  // namespace tracedb
