#include "summary/link_matrix.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>

namespace tracedb {
namespace {

// The order of link_summary's index on (trace_id, start_container_id,
// end_container_id): rows stored in it index faster, the sort finding them
// sorted (the PostgreSQL partition of the 1 GB trace's 1.8 million pairs:
// 1.0 s rather than 1.5 s from rows in (type, start, end) order).
auto KeyOf(const LinkSummaryRecord& r) {
  return std::make_tuple(r.start_container, r.end_container, r.type);
}

// The records of a spilled run, read back a buffer at a time.
class RunReader {
 public:
  explicit RunReader(std::FILE* file) : file_(file) {
    std::rewind(file_);
    Fill();
  }
  bool done() const { return next_ == buffer_.size(); }
  const LinkSummaryRecord& front() const { return buffer_[next_]; }
  void Pop() {
    if (++next_ == buffer_.size()) Fill();
  }

 private:
  static constexpr size_t kBuffer = 4096;  // records
  void Fill() {
    buffer_.resize(kBuffer);
    size_t got = std::fread(buffer_.data(), sizeof(LinkSummaryRecord), kBuffer, file_);
    if (std::ferror(file_)) throw std::runtime_error("reading the link matrix's spill file failed");
    buffer_.resize(got);
    next_ = 0;
  }
  std::FILE* file_;
  std::vector<LinkSummaryRecord> buffer_;
  size_t next_ = 0;
};

void AddTo(LinkSummaryRecord& sum, const LinkSummaryRecord& part) {
  sum.messages += part.messages;
  if (part.bytes >= 0) sum.bytes = std::max<int64_t>(sum.bytes, 0) + part.bytes;
  sum.seconds += part.seconds;
}

// NULL seconds for a pair with a missing half, which has no duration.
void Finish(LinkSummaryRecord& r) {
  if (r.start_container < 0 || r.end_container < 0) {
    r.seconds = std::numeric_limits<double>::quiet_NaN();
  }
}

// Moves the used slots to the front, in key order; returns how many.
size_t SortPairs(std::vector<LinkSummaryRecord>& slots) {
  auto end = std::partition(slots.begin(), slots.end(),
                            [](const LinkSummaryRecord& r) { return r.messages != 0; });
  std::sort(slots.begin(), end, [](const auto& a, const auto& b) { return KeyOf(a) < KeyOf(b); });
  return static_cast<size_t>(end - slots.begin());
}

size_t Hash(uint32_t type, int64_t start, int64_t end) {
  uint64_t h = (static_cast<uint64_t>(start) * 0x9e3779b97f4a7c15ULL) ^
               (static_cast<uint64_t>(end) + (static_cast<uint64_t>(type) << 40));
  return static_cast<size_t>((h * 0xbf58476d1ce4e5b9ULL) >> 17);
}

// The slot of the pair (type, start, end) in `slots`: the one holding it, or
// the free one where it goes. A table is never more than three quarters
// full, so there is one.
LinkSummaryRecord& Probe(std::vector<LinkSummaryRecord>& slots, uint32_t type, int64_t start,
                         int64_t end) {
  size_t mask = slots.size() - 1;
  for (size_t i = Hash(type, start, end) & mask;; i = (i + 1) & mask) {
    LinkSummaryRecord& slot = slots[i];
    if (slot.messages == 0 ||
        (slot.type == type && slot.start_container == start && slot.end_container == end)) {
      return slot;
    }
  }
}

}  // namespace

LinkMatrix::LinkMatrix(size_t max_pairs)
    : max_pairs_(std::max<size_t>(max_pairs, 1)), slots_(kFirstLinkSlots) {}

void LinkMatrix::Add(const LinkRecord& link) {
  LinkSummaryRecord* t = &Probe(slots_, link.type, link.start_container, link.end_container);
  if (t->messages == 0) t = &Claim(link);
  ++t->messages;
  if (link.has_size) t->bytes = std::max<int64_t>(t->bytes, 0) + link.size_value;
  t->seconds += link.end - link.start;  // meaningless, and not stored, for a missing half
}

// A pair not held takes a slot: after a spill when max_pairs_ are held, in
// a table doubled when three quarters full. As used_ + 1 <= max_pairs_ here,
// the table stops at the first size that holds max_pairs_ so (2^17 slots
// for the default).
LinkSummaryRecord& LinkMatrix::Claim(const LinkRecord& link) {
  if (used_ >= max_pairs_) Spill();
  if ((used_ + 1) * 4 > slots_.size() * 3) Grow();
  LinkSummaryRecord& slot = Probe(slots_, link.type, link.start_container, link.end_container);
  slot = {.type = link.type,
          .start_container = link.start_container,
          .end_container = link.end_container,
          .messages = 0,
          .bytes = -1,
          .seconds = 0};
  ++used_;
  return slot;
}

// Twice the slots, each pair moved to its place in them.
void LinkMatrix::Grow() {
  std::vector<LinkSummaryRecord> bigger(slots_.size() * 2);
  for (const LinkSummaryRecord& r : slots_) {
    if (r.messages != 0) Probe(bigger, r.type, r.start_container, r.end_container) = r;
  }
  slots_.swap(bigger);
}

void LinkMatrix::Spill() {
  File file(std::tmpfile());
  if (!file) {
    throw std::runtime_error(std::string("cannot make a spill file for the link matrix: ") +
                             std::strerror(errno));
  }
  size_t count = SortPairs(slots_);
  if (std::fwrite(slots_.data(), sizeof(LinkSummaryRecord), count, file.get()) != count ||
      std::fflush(file.get()) != 0) {
    throw std::runtime_error(std::string("writing the link matrix's spill file failed: ") +
                             std::strerror(errno));
  }
  runs_.push_back(std::move(file));
  std::fill(slots_.begin(), slots_.end(), LinkSummaryRecord{});
  used_ = 0;
}

namespace {

// The smallest key among the heads of the runs; nullptr once all are done.
const LinkSummaryRecord* Least(std::vector<RunReader>& readers) {
  const LinkSummaryRecord* least = nullptr;
  for (RunReader& r : readers) {
    if (!r.done() && (least == nullptr || KeyOf(r.front()) < KeyOf(*least))) least = &r.front();
  }
  return least;
}

// The totals of `pair`'s key over every run, which each hold it once at most.
LinkSummaryRecord TakeSum(LinkSummaryRecord pair, std::vector<RunReader>& readers) {
  auto key = KeyOf(pair);
  pair.messages = 0;
  pair.bytes = -1;
  pair.seconds = 0;
  for (RunReader& r : readers) {
    if (!r.done() && KeyOf(r.front()) == key) {
      AddTo(pair, r.front());
      r.Pop();
    }
  }
  Finish(pair);
  return pair;
}

}  // namespace

void LinkMatrix::Drain(size_t chunk,
                       const std::function<void(std::vector<LinkSummaryRecord>&)>& emit) {
  std::vector<LinkSummaryRecord> out;
  auto put = [&](const LinkSummaryRecord& row) {
    out.push_back(row);
    if (out.size() < chunk) return;
    emit(out);
    out.clear();
  };
  if (runs_.empty()) {
    slots_.resize(SortPairs(slots_));  // one row per pair already
    for (LinkSummaryRecord& row : slots_) {
      Finish(row);
      put(row);
    }
  } else {
    Spill();  // the last part too: then every part is a run
    std::vector<RunReader> readers;
    for (File& run : runs_) readers.emplace_back(run.get());
    while (const LinkSummaryRecord* least = Least(readers)) put(TakeSum(*least, readers));
  }
  if (!out.empty()) emit(out);
  std::vector<LinkSummaryRecord>().swap(slots_);  // its memory too
  used_ = 0;
  runs_.clear();
}

}  // namespace tracedb
