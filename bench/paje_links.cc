// The links of the Generator of paje_generator.h.
//
// Most links are written StartLink first and finished by a random later link step, with
// between min_in_flight_ and max_in_flight_ of them pending. A few are written EndLink
// first ("urgent") and finished at the very next link step.
#include "paje_generator.h"

namespace tracedb::bench::paje {
namespace {

constexpr std::uint32_t kUrgentBackdateMicros = 30;

}  // namespace

void Generator::LinkStep() {
  if (urgent_) {
    CompleteUrgentLink();
  } else if (pending_.size() < min_in_flight_ || WantMoreInFlight()) {
    StartLink();
  } else {
    CompletePendingLink(rng_.Below(static_cast<std::uint32_t>(pending_.size())));
  }
}

// The fuller the pending set, the likelier a completion: the count hovers mid-range instead
// of drifting to either bound.
bool Generator::WantMoreInFlight() {
  if (pending_.size() >= max_in_flight_) return false;
  const auto span = static_cast<std::uint32_t>(max_in_flight_ - min_in_flight_);
  return rng_.Below(span) >= pending_.size() - min_in_flight_;
}

void Generator::StartLink() {
  PendingLink link = ChooseLinkEnds();
  link.key = next_key_++;
  link.value = PickValueIndex(kLinkPool[link.type]);
  link.first_time = clock_;
  ++containers_[link.from].pending_links;
  ++containers_[link.to].pending_links;
  if (rng_.Percent(5)) {
    WriteEndLink(link);
    urgent_ = link;
  } else {
    WriteStartLink(link, clock_);
    pending_.push_back(link);
  }
}

PendingLink Generator::ChooseLinkEnds() {
  PendingLink link{};
  const std::uint32_t r = rng_.Below(100);
  link.type = r < 70 ? kCommLink : r < 85 ? kMigrateLink : kIntraLink;
  link.container = kNone;
  link.from = RandomLeafOfKind(kThread, kNone);
  if (link.type == kIntraLink) {
    const Container& host = containers_[containers_[link.from].parent];
    if (host.children.size() >= 2) {
      link.container = containers_[link.from].parent;
      do {
        link.to = host.children[rng_.Below(static_cast<std::uint32_t>(host.children.size()))];
      } while (link.to == link.from);
      return link;
    }
    link.type = kCommLink;  // a lone thread has no neighbour to talk to
  }
  link.to = RandomLeafOfKind(kLinkTypes[link.type].to, link.from);
  return link;
}

// The end was written at first_time; the start goes slightly before it, but never before
// the last completed link of the same (container, type), which is all the time-order rule
// looks at for links. Nothing of that (container, type) completed in between, since this
// runs at the next link step, so the link gets a positive duration.
void Generator::CompleteUrgentLink() {
  const PendingLink link = *urgent_;
  urgent_.reset();
  std::uint64_t& bound = LinkBound(link);
  const std::uint64_t room = link.first_time > bound ? link.first_time - bound : 0;
  const std::uint64_t slack = std::min<std::uint64_t>(room, kUrgentBackdateMicros);
  WriteStartLink(link, link.first_time - rng_.Below(static_cast<std::uint32_t>(slack) + 1));
  bound = link.first_time;
  ReleaseEnds(link);
}

void Generator::CompletePendingLink(std::uint32_t index) {
  const PendingLink link = pending_[index];
  pending_[index] = pending_.back();
  pending_.pop_back();
  WriteEndLink(link);
  LinkBound(link) = clock_;
  ReleaseEnds(link);
}

std::uint64_t& Generator::LinkBound(const PendingLink& link) {
  return link.container == kNone ? root_link_bound_[link.type]
                                 : containers_[link.container].intra_bound;
}

void Generator::ReleaseEnds(const PendingLink& link) {
  --containers_[link.from].pending_links;
  --containers_[link.to].pending_links;
}

// "23 12.345678 L 0 p h12.t345 8812 4096"
void Generator::WriteStartLink(const PendingLink& link, std::uint64_t time) {
  BeginLinkLine(ev::kStartLink, link, time);
  Field(containers_[link.from].id);
  out_.Put(' ');
  out_.PutUint(link.key);
  out_.Put(' ');
  out_.PutUint(std::uint64_t{64} << rng_.Below(12));
  out_.Put('\n');
}

void Generator::WriteEndLink(const PendingLink& link) {
  BeginLinkLine(ev::kEndLink, link, clock_);
  Field(containers_[link.to].id);
  out_.Put(' ');
  out_.PutUint(link.key);
  out_.Put('\n');
}

void Generator::BeginLinkLine(std::string_view event, const PendingLink& link, std::uint64_t time) {
  out_.BeginLine();
  out_.Put(event);
  out_.Put(' ');
  out_.PutTime(time);
  Field(kLinkTypes[link.type].id);
  Field(link.container == kNone ? std::string_view("0") : containers_[link.container].id);
  Field(ValueToken(pools_[kLinkPool[link.type]].specs[link.value]));
}

}  // namespace tracedb::bench::paje
