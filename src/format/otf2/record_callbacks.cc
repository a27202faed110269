#include "format/otf2/record_callbacks.h"

#include <cstddef>

namespace tracedb::otf2 {
namespace {

// The kinds tracedb does not map, as OTF2 names them. (clang-format would
// stagger the list.)
// clang-format off
#define TRACEDB_OTF2_SKIPPED(X)                                                                  \
  X(BufferFlush) X(MeasurementOnOff) X(MpiIsendComplete) X(MpiIrecvRequest) X(MpiRequestTest)    \
  X(MpiCollectiveBegin) X(OmpFork) X(OmpJoin) X(OmpAcquireLock) X(OmpReleaseLock)                \
  X(OmpTaskCreate) X(OmpTaskSwitch) X(OmpTaskComplete) X(ParameterString) X(ParameterInt)       \
  X(ParameterUnsignedInt) X(RmaWinCreate) X(RmaWinDestroy) X(RmaCollectiveBegin)                 \
  X(RmaCollectiveEnd) X(RmaGroupSync) X(RmaRequestLock) X(RmaAcquireLock) X(RmaTryLock)          \
  X(RmaReleaseLock) X(RmaSync) X(RmaWaitChange) X(RmaPut) X(RmaGet) X(RmaAtomic)                 \
  X(RmaOpCompleteBlocking) X(RmaOpCompleteNonBlocking) X(RmaOpTest) X(RmaOpCompleteRemote)       \
  X(ThreadFork) X(ThreadJoin) X(ThreadTeamBegin) X(ThreadTeamEnd) X(ThreadAcquireLock)           \
  X(ThreadReleaseLock) X(ThreadTaskCreate) X(ThreadTaskSwitch) X(ThreadTaskComplete)             \
  X(ThreadCreate) X(ThreadBegin) X(ThreadWait) X(ThreadEnd) X(CallingContextEnter)               \
  X(CallingContextLeave) X(CallingContextSample) X(IoCreateHandle) X(IoDestroyHandle)            \
  X(IoDuplicateHandle) X(IoSeek) X(IoChangeStatusFlags) X(IoDeleteFile) X(IoOperationBegin)      \
  X(IoOperationTest) X(IoOperationIssued) X(IoOperationComplete) X(IoOperationCancelled)         \
  X(IoAcquireLock) X(IoReleaseLock) X(IoTryLock) X(ProgramBegin) X(ProgramEnd)                   \
  X(NonBlockingCollectiveRequest) X(NonBlockingCollectiveComplete) X(CommCreate)                 \
  X(CommDestroy) X(Unknown)
// clang-format on

#define TRACEDB_NAME(kind) #kind,
constexpr const char* kSkippedNames[] = {TRACEDB_OTF2_SKIPPED(TRACEDB_NAME)};
#undef TRACEDB_NAME
#define TRACEDB_ENUM(kind) k##kind,
enum SkippedKind : size_t { TRACEDB_OTF2_SKIPPED(TRACEDB_ENUM) };
#undef TRACEDB_ENUM

CallbackState& StateOf(void* data) { return *static_cast<CallbackState*>(data); }

// Runs `handle` on the mapper; a problem stops the read.
template <typename Handle>
OTF2_CallbackCode Guarded(void* data, Handle handle) {
  CallbackState& state = StateOf(data);
  try {
    handle(*state.mapper);
    if (++state.records % kProgressRecords == 0 && state.progress) state.progress(state.records);
    return OTF2_CALLBACK_SUCCESS;
  } catch (const RecordProblem& problem) {
    try {
      state.bad_lines->Report(0, problem.text);  // the record left out
      return OTF2_CALLBACK_SUCCESS;
    } catch (const ProblemError& error) {
      state.problem = RecordProblem{error.problem()};
    }
  } catch (...) {
    state.error = std::current_exception();
  }
  return OTF2_CALLBACK_INTERRUPT;
}

// A callback of any record kind's signature that counts it as skipped.
template <typename Callback>
struct Skipper;
template <typename... Rest>
struct Skipper<OTF2_CallbackCode (*)(OTF2_LocationRef, OTF2_TimeStamp, void*, OTF2_AttributeList*,
                                     Rest...)> {
  template <size_t kKind>
  static OTF2_CallbackCode Call(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                                OTF2_AttributeList*, Rest...) {
    return Guarded(data, [&](RecordMapper& m) { m.Skip(location, time, kSkippedNames[kKind]); });
  }
};

template <typename Callback, size_t kKind>
constexpr Callback SkipperOf() {
  return &Skipper<Callback>::template Call<kKind>;
}

void SetSkipped(OTF2_GlobalEvtReaderCallbacks* c) {
#define TRACEDB_SET(name)                            \
  OTF2_GlobalEvtReaderCallbacks_Set##name##Callback( \
      c, SkipperOf<OTF2_GlobalEvtReaderCallback_##name, k##name>());
  TRACEDB_OTF2_SKIPPED(TRACEDB_SET)
#undef TRACEDB_SET
}

OTF2_CallbackCode OnEnter(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                          OTF2_AttributeList*, OTF2_RegionRef region) {
  return Guarded(data, [&](RecordMapper& m) { m.Enter(location, time, region); });
}

OTF2_CallbackCode OnLeave(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                          OTF2_AttributeList*, OTF2_RegionRef region) {
  return Guarded(data, [&](RecordMapper& m) { m.Leave(location, time, region); });
}

OTF2_CallbackCode OnSend(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                         OTF2_AttributeList*, uint32_t receiver, OTF2_CommRef comm, uint32_t tag,
                         uint64_t length) {
  return Guarded(data, [&](RecordMapper& m) {
    m.Send(location, time, {receiver, comm, tag, length, std::nullopt}, "MpiSend");
  });
}

OTF2_CallbackCode OnIsend(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                          OTF2_AttributeList*, uint32_t receiver, OTF2_CommRef comm, uint32_t tag,
                          uint64_t length, uint64_t request) {
  return Guarded(data, [&](RecordMapper& m) {
    m.Send(location, time, {receiver, comm, tag, length, request}, "MpiIsend");
  });
}

OTF2_CallbackCode OnRecv(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                         OTF2_AttributeList*, uint32_t sender, OTF2_CommRef comm, uint32_t tag,
                         uint64_t length) {
  return Guarded(data, [&](RecordMapper& m) {
    m.Receive(location, time, {sender, comm, tag, length, std::nullopt}, "MpiRecv");
  });
}

OTF2_CallbackCode OnIrecv(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                          OTF2_AttributeList*, uint32_t sender, OTF2_CommRef comm, uint32_t tag,
                          uint64_t length, uint64_t request) {
  return Guarded(data, [&](RecordMapper& m) {
    m.Receive(location, time, {sender, comm, tag, length, request}, "MpiIrecv");
  });
}

OTF2_CallbackCode OnCancelled(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                              OTF2_AttributeList*, uint64_t request) {
  return Guarded(data, [&](RecordMapper& m) { m.Cancel(location, time, request); });
}

OTF2_CallbackCode OnCollectiveEnd(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                                  OTF2_AttributeList*, OTF2_CollectiveOp operation,
                                  OTF2_CommRef comm, uint32_t root, uint64_t sent,
                                  uint64_t received) {
  return Guarded(data, [&](RecordMapper& m) {
    m.Collective(location, time, {operation, comm, root, sent, received});
  });
}

OTF2_CallbackCode OnMetric(OTF2_LocationRef location, OTF2_TimeStamp time, void* data,
                           OTF2_AttributeList*, OTF2_MetricRef metric, uint8_t count,
                           const OTF2_Type* types, const OTF2_MetricValue* values) {
  return Guarded(data, [&](RecordMapper& m) {
    m.Metric(location, time, {metric, count, types, values});
  });
}

}  // namespace

OTF2_GlobalEvtReaderCallbacks* NewRecordCallbacks() {
  OTF2_GlobalEvtReaderCallbacks* c = OTF2_GlobalEvtReaderCallbacks_New();
  SetSkipped(c);
  OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(c, OnEnter);
  OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback(c, OnLeave);
  OTF2_GlobalEvtReaderCallbacks_SetMpiSendCallback(c, OnSend);
  OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCallback(c, OnIsend);
  OTF2_GlobalEvtReaderCallbacks_SetMpiRecvCallback(c, OnRecv);
  OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvCallback(c, OnIrecv);
  OTF2_GlobalEvtReaderCallbacks_SetMpiRequestCancelledCallback(c, OnCancelled);
  OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveEndCallback(c, OnCollectiveEnd);
  OTF2_GlobalEvtReaderCallbacks_SetMetricCallback(c, OnMetric);
  return c;
}

}  // namespace tracedb::otf2
