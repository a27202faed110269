#include "otf2_generator.h"

#include <otf2/otf2.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "otf2_definitions.h"
#include "otf2_paje_twin.h"

namespace tracedb::bench {
namespace {

// Bytes an event record takes in the event files, about (measured on this
// generator's archives); the generator stops once records x this reach size.
constexpr uint64_t kBytesPerRecord = 14;
constexpr uint64_t kIterationTicks = 10'000;

void Check(OTF2_ErrorCode code, const char* what) {
  if (code != OTF2_SUCCESS) {
    throw std::runtime_error(std::string(what) + ": " + OTF2_Error_GetDescription(code));
  }
}

OTF2_FlushType PreFlush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
OTF2_TimeStamp PostFlush(void*, OTF2_FileType, OTF2_LocationRef) { return 0; }
OTF2_FlushCallbacks kFlush = {PreFlush, PostFlush};

struct ArchiveCloser {
  void operator()(OTF2_Archive* archive) const { OTF2_Archive_Close(archive); }
};

// One rank's records of one iteration, beginning at `base`.
class RankWriter {
 public:
  RankWriter(OTF2_EvtWriter* writer, uint32_t rank, uint32_t ranks, PajeTwin* twin)
      : writer_(writer), rank_(rank), ranks_(ranks), twin_(twin) {}

  void Iteration(uint64_t it, uint64_t base, std::mt19937_64& rng) {
    Enter(base, kSolve);
    instructions_ += 1'000'000 + rng() % 4'000'000;
    OTF2_Type type = OTF2_TYPE_UINT64;
    OTF2_MetricValue value{.unsigned_int = instructions_};
    Check(OTF2_EvtWriter_Metric(writer_, nullptr, base, kInstructions, 1, &type, &value), "metric");
    Enter(base + 10, kCompute);
    Leave(base + 1010 + rng() % 4000, kCompute);
    uint32_t tag = static_cast<uint32_t>(it % 4);
    uint64_t length = 1024 * (1 + it % 8);
    uint32_t next = (rank_ + 1) % ranks_, previous = (rank_ + ranks_ - 1) % ranks_;
    Enter(base + 6000, kSend);
    Count(OTF2_EvtWriter_MpiSend(writer_, nullptr, base + 6001, next, kWorld, tag, length));
    if (twin_) twin_->Send(rank_, base + 6001, next, tag, length);
    Leave(base + 6100, kSend);
    Enter(base + 6200, kRecv);
    Count(OTF2_EvtWriter_MpiRecv(writer_, nullptr, base + 6800, previous, kWorld, tag, length));
    if (twin_) twin_->Receive(rank_, base + 6800, previous, tag);
    Leave(base + 6801, kRecv);
    if (it % 8 == 7) Allreduce(base + 7000);
    Leave(base + 8000, kSolve);
  }
  void Enter(uint64_t time, uint32_t region) {
    Count(OTF2_EvtWriter_Enter(writer_, nullptr, time, region));
    if (twin_) twin_->Enter(rank_, time, kRegionNames[region]);
  }
  void Leave(uint64_t time, uint32_t region) {
    Count(OTF2_EvtWriter_Leave(writer_, nullptr, time, region));
    if (twin_) twin_->Leave(rank_, time);
  }
  uint64_t records() const { return records_ + 0; }

 private:
  void Allreduce(uint64_t time) {
    Enter(time, kAllreduce);
    Count(OTF2_EvtWriter_MpiCollectiveBegin(writer_, nullptr, time + 1));
    Count(OTF2_EvtWriter_MpiCollectiveEnd(writer_, nullptr, time + 500,
                                          OTF2_COLLECTIVE_OP_ALLREDUCE, kWorld,
                                          OTF2_UNDEFINED_UINT32, 8, 8));
    if (twin_) twin_->Collective(rank_, time + 500, "ALLREDUCE");
    Leave(time + 501, kAllreduce);
  }
  void Count(OTF2_ErrorCode code) {
    Check(code, "event");
    ++records_;
  }

  OTF2_EvtWriter* writer_;
  uint32_t rank_;
  uint32_t ranks_;
  PajeTwin* twin_;
  uint64_t instructions_ = 0;
  uint64_t records_ = 0;
};

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

}  // namespace

Otf2Written WriteOtf2Archive(const Otf2Options& options) {
  std::filesystem::create_directories(options.folder);
  std::unique_ptr<OTF2_Archive, ArchiveCloser> archive(
      OTF2_Archive_Open(options.folder.c_str(), "traces", OTF2_FILEMODE_WRITE, 1 << 20, 4 << 20,
                        OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE));
  if (!archive) throw std::runtime_error("cannot create an archive in " + options.folder);
  Check(OTF2_Archive_SetFlushCallbacks(archive.get(), &kFlush, nullptr), "flush callbacks");
  Check(OTF2_Archive_SetSerialCollectiveCallbacks(archive.get()), "collective callbacks");
  Check(OTF2_Archive_OpenEvtFiles(archive.get()), "event files");
  std::unique_ptr<std::FILE, FileCloser> paje_file;
  std::optional<PajeTwin> twin;
  if (!options.paje.empty()) {
    paje_file.reset(std::fopen(options.paje.c_str(), "w"));
    if (!paje_file) throw std::runtime_error("cannot write " + options.paje);
    twin.emplace(paje_file.get(), options.ranks);
  }
  std::vector<RankWriter> ranks;
  for (uint32_t r = 0; r < options.ranks; ++r) {
    OTF2_EvtWriter* writer = OTF2_Archive_GetEvtWriter(archive.get(), r);
    if (writer == nullptr) throw std::runtime_error("no event writer");
    ranks.emplace_back(writer, r, options.ranks, twin ? &*twin : nullptr);
    ranks.back().Enter(0, kMain);
  }
  std::mt19937_64 rng(options.seed);
  Otf2Written written;
  uint64_t records = options.ranks;
  for (uint64_t it = 0; records * kBytesPerRecord < options.size; ++it) {
    for (RankWriter& rank : ranks) rank.Iteration(it, (it + 1) * kIterationTicks, rng);
    if (twin) twin->Flush();
    records = 0;
    for (const RankWriter& rank : ranks) records += rank.records();
    written.iterations = it + 1;
  }
  uint64_t end = (written.iterations + 1) * kIterationTicks;
  std::vector<uint64_t> events;
  for (uint32_t r = 0; r < options.ranks; ++r) {
    ranks[r].Leave(end, kMain);
    events.push_back(ranks[r].records());
    written.records += ranks[r].records();
    Check(OTF2_Archive_CloseEvtWriter(archive.get(), OTF2_Archive_GetEvtWriter(archive.get(), r)),
          "close event writer");
  }
  Check(OTF2_Archive_CloseEvtFiles(archive.get()), "close event files");
  if (twin) twin->End(end);
  WriteOtf2Definitions(archive.get(), options.ranks, events, end);
  return written;
}

}  // namespace tracedb::bench
