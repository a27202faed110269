#include "sim/recorded_rows.h"

namespace tracedb {

void RecordedRows::Replay(uint32_t message, size_t* next, EntitySink& sink,
                          const std::function<void(const Refusal&)>& refused) const {
  while (*next < tags_.size() && tags_[*next].message == message) {
    ReplayOne(tags_[*next], sink, refused);
    ++*next;
  }
}

void RecordedRows::ReplayOne(const Tag& tag, EntitySink& sink,
                             const std::function<void(const Refusal&)>& refused) const {
  switch (tag.kind) {
    case Kind::kContainer:
      return sink.OnContainer(containers_[tag.index]);
    case Kind::kState:
      return sink.OnState(states_[tag.index]);
    case Kind::kEvent:
      return sink.OnEvent(events_[tag.index]);
    case Kind::kVariable:
      return sink.OnVariable(variables_[tag.index]);
    case Kind::kLink:
      return sink.OnLink(links_[tag.index]);
    case Kind::kRefusal:
      return refused(refusals_[tag.index]);
  }
}

}  // namespace tracedb
