// OTF2 collectives as events and metrics as variables
// (../shared/docs/otf2-format.md, "Events: MPI collectives", "Variables:
// metrics"), on both backends: the operation's name, the communicator, the
// root as recorded (null when none) and the sizes as extra fields; rates of
// accumulated members between samples of different ticks, absolute and
// relative values held until the next sample and the last until the
// location's end, a metric instance on a metric location; and the records
// that name what is not defined.
#include <gtest/gtest.h>

#include "otf2_cli.h"
#include "results/result_table.h"

namespace tracedb::testing::otf2_cli::otf2_events_test {
namespace {

constexpr uint32_t kHalf = 1;  // a communicator of Process 1 alone

std::string Event(int process, int64_t time, const std::string& operation, const std::string& comm,
                  const std::string& root, int sent, int received) {
  return Thread(process) + "|MPI collective|" + Seconds(time) + "|" + operation + "|" + comm + "|" +
         root + "|" + std::to_string(sent) + "|" + std::to_string(received);
}

class Otf2Events : public Otf2Cli {};

TEST_P(Otf2Events, CollectiveEndsAreEventsWithTheirCommunicatorRootAndSizes) {
  Otf2Archive archive = World(2);
  archive.groups.push_back(
      {.id = 2, .name = "", .type = OTF2_GROUP_TYPE_COMM_GROUP, .members = {1}});
  archive.comms.push_back({.id = kHalf, .name = "half", .group = 2});
  archive.records[0] = {
      MpiCollectiveBegin(10),
      MpiCollectiveEnd(20, OTF2_COLLECTIVE_OP_BARRIER, kWorld, OTF2_UNDEFINED_UINT32, 0, 0),
      MpiCollectiveBegin(30), MpiCollectiveEnd(40, OTF2_COLLECTIVE_OP_BCAST, kWorld, 1, 0, 64),
      MpiCollectiveEnd(50, OTF2_COLLECTIVE_OP_ALLREDUCE, kWorld, OTF2_UNDEFINED_UINT32, 8, 8)};
  // The root is relative to the communicator, as recorded: rank 0 of half.
  archive.records[1] = {
      MpiCollectiveEnd(45, OTF2_COLLECTIVE_OP_BCAST, kWorld, 1, 64, 0),
      MpiCollectiveEnd(60, OTF2_COLLECTIVE_OP_REDUCE, kHalf, 0, 4, 4),
      MpiCollectiveEnd(70, OTF2_COLLECTIVE_OP_DESTROY_HANDLE_AND_DEALLOCATE, kHalf, 0, 0, 0),
      MpiCollectiveEnd(80, static_cast<OTF2_CollectiveOp>(23), kHalf, 0, 1, 2)};
  IngestArchive(archive, "collectives");
  EXPECT_EQ(Stored("event"),
            Sorted({Event(0, 20, "BARRIER", "MPI_COMM_WORLD", "NULL", 0, 0),
                    Event(0, 40, "BCAST", "MPI_COMM_WORLD", "1", 0, 64),
                    Event(0, 50, "ALLREDUCE", "MPI_COMM_WORLD", "NULL", 8, 8),
                    Event(1, 45, "BCAST", "MPI_COMM_WORLD", "1", 64, 0),
                    Event(1, 60, "REDUCE", "half", "0", 4, 4),
                    Event(1, 70, "DESTROY_HANDLE_AND_DEALLOCATE", "half", "0", 0, 0),
                    Event(1, 80, "23", "half", "0", 1, 2)}));
  // Exactly those four members, numbers as JSON numbers, no root as null.
  if (sqlite()) {
    EXPECT_EQ(database_->Rows("SELECT extra FROM event_view WHERE time = 0.04"),
              std::vector<std::string>{R"({"communicator":"MPI_COMM_WORLD","root":1,)"
                                       R"("bytes_sent":0,"bytes_received":64})"});
    EXPECT_EQ(database_->Rows("SELECT extra FROM event_view WHERE time = 0.02"),
              std::vector<std::string>{R"({"communicator":"MPI_COMM_WORLD","root":null,)"
                                       R"("bytes_sent":0,"bytes_received":0})"});
  } else {
    EXPECT_EQ(database_->Rows("SELECT time FROM event_view WHERE extra::jsonb - '#order' = "
                              R"('{"communicator": "MPI_COMM_WORLD", "root": 1, )"
                              R"("bytes_sent": 0, "bytes_received": 64}'::jsonb)"),
              std::vector<std::string>{"0.04"});
    EXPECT_EQ(database_->Rows("SELECT time FROM event_view WHERE extra::jsonb - '#order' = "
                              R"('{"communicator": "MPI_COMM_WORLD", "root": null, )"
                              R"("bytes_sent": 0, "bytes_received": 0}'::jsonb)"),
              std::vector<std::string>{"0.02"});
  }
  EXPECT_EQ(Skipped(), std::vector<std::string>{"MpiCollectiveBegin|2"});
  EXPECT_EQ(TraceRow(), "collectives|otf2|5|0|7|0|0|0.01|0.08");
}

// "an undefined region, comm or metric" is an error naming the record.
TEST_P(Otf2Events, ACollectiveOnAnUndefinedCommunicatorIsAnError) {
  Otf2Archive archive = World(2);
  archive.records[0] = {
      MpiCollectiveEnd(20, OTF2_COLLECTIVE_OP_BARRIER, 42, OTF2_UNDEFINED_UINT32, 0, 0)};
  std::string anchor = WriteArchive(archive, "collective_undefined_comm");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 0/Thread 0\" (id 0)", "timestamp 20", "42"});
}

// 1 tick = 1 us. Members: PAPI_TOT_INS (accumulated, uint64) in classes 0
// and 3, temperature (absolute, double) and load (relative, int64) in
// class 1, energy (accumulated, double) in class 2, recorded through
// instance 10 on a metric location of Process 0.
enum Member : uint32_t { kInstructions, kTemperature, kLoad, kEnergy };
enum MetricId : uint32_t { kCounters = 0, kSensors = 1, kEnergyClass = 2, kAlsoCounters = 3 };
constexpr uint32_t kEnergyInstance = 10;
constexpr uint64_t kMetricLocation = 5;

Otf2Archive Metrics() {
  Otf2Archive archive = World(1);
  archive.resolution = 1'000'000;
  archive.locations.push_back(
      {.id = kMetricLocation, .name = "Metric 0", .group = 0, .type = OTF2_LOCATION_TYPE_METRIC});
  archive.metric_members = {
      {.id = kInstructions, .name = "PAPI_TOT_INS", .mode = OTF2_METRIC_ACCUMULATED_START},
      {.id = kTemperature,
       .name = "temperature",
       .mode = OTF2_METRIC_ABSOLUTE_POINT,
       .type = OTF2_TYPE_DOUBLE},
      {.id = kLoad, .name = "load", .mode = OTF2_METRIC_RELATIVE_POINT, .type = OTF2_TYPE_INT64},
      {.id = kEnergy,
       .name = "energy",
       .mode = OTF2_METRIC_ACCUMULATED_LAST,
       .type = OTF2_TYPE_DOUBLE}};
  archive.metric_classes = {{.id = kCounters, .members = {kInstructions}},
                            {.id = kSensors, .members = {kTemperature, kLoad}},
                            {.id = kEnergyClass, .members = {kEnergy}},
                            {.id = kAlsoCounters, .members = {kInstructions}}};
  archive.metric_instances = {
      {.id = kEnergyInstance, .metric_class = kEnergyClass, .recorder = kMetricLocation}};
  return archive;
}

std::string Variable(const std::string& path, const std::string& type, int64_t start, int64_t end,
                     double value) {
  return path + "|" + type + "|" + Seconds(start, 1'000'000) + "|" + Seconds(end, 1'000'000) + "|" +
         FormatRealExact(value);
}

TEST_P(Otf2Events, MetricsAreVariablesOfTheRecordingLocation) {
  Otf2Archive archive = Metrics();
  archive.records[0] = {
      Metric(0, kCounters, {U64(1000)}),
      Metric(50, kSensors, {F64(40.5), I64(-3)}),
      Metric(100, kCounters, {U64(5000)}),
      Metric(100, kCounters, {U64(5200)}),  // the same tick: no interval
      Metric(150, kSensors, {F64(41.0), I64(7)}),
      Metric(250, kAlsoCounters, {U64(20200)}),  // another class of the same member
      Metric(300, kSensors, {F64(39.25), I64(7)}),
      Metric(400, kCounters, {U64(50200)}),
      Metric(450, kCounters, {U64(50100)}),  // a counter that goes down: a negative rate
      MeasurementOnOff(500)};                // the location's last record
  archive.records[kMetricLocation] = {Metric(0, kEnergyInstance, {F64(1.5)}),
                                      Metric(200, kEnergyInstance, {F64(2.0)}),
                                      Metric(300, kEnergyInstance, {F64(5.0)})};
  IngestArchive(archive, "metrics");
  const std::string thread = Thread(0), meter = "host/Process 0/Metric 0";
  // Rates: (v(i) - v(i-1)) * 1e6 / (T(i) - T(i-1)), per second.
  EXPECT_EQ(Stored("variable"),
            Sorted({Variable(thread, "PAPI_TOT_INS", 0, 100, 4000 * 1e6 / 100),
                    Variable(thread, "PAPI_TOT_INS", 100, 250, 15000 * 1e6 / 150),
                    Variable(thread, "PAPI_TOT_INS", 250, 400, 30000 * 1e6 / 150),
                    Variable(thread, "PAPI_TOT_INS", 400, 450, -100 * 1e6 / 50),
                    Variable(thread, "temperature", 50, 150, 40.5),
                    Variable(thread, "temperature", 150, 300, 41.0),
                    Variable(thread, "temperature", 300, 500, 39.25),
                    Variable(thread, "load", 50, 150, -3), Variable(thread, "load", 150, 300, 7),
                    Variable(thread, "load", 300, 500, 7),
                    Variable(meter, "energy", 0, 200, 0.5 * 1e6 / 200),
                    Variable(meter, "energy", 200, 300, 3.0 * 1e6 / 100)}));
  const std::string until = "|0.0|" + Seconds(500, 1'000'000);
  EXPECT_EQ(Stored("container"),
            Sorted({"host|node" + until, "host/Process 0|process" + until,
                    "host/Process 0/Thread 0|thread" + until,
                    "host/Process 0/Metric 0|metric|0.0|" + Seconds(300, 1'000'000)}));
}

// An absolute value whose sample is the location's last record has no
// interval after it.
TEST_P(Otf2Events, AnAbsoluteSampleAtItsLocationsEndGivesNoRow) {
  Otf2Archive archive = Metrics();
  archive.records[0] = {Metric(10, kSensors, {F64(1.0), I64(1)}),
                        Metric(20, kSensors, {F64(2.0), I64(2)})};
  IngestArchive(archive, "metric_at_end");
  EXPECT_EQ(Stored("variable"), Sorted({Variable(Thread(0), "temperature", 10, 20, 1.0),
                                        Variable(Thread(0), "load", 10, 20, 1.0)}));
}

TEST_P(Otf2Events, AMetricRecordOfAnUndefinedMetricIsAnError) {
  Otf2Archive archive = Metrics();
  archive.records[0] = {Metric(10, kCounters, {U64(1)}), Metric(20, 99, {U64(2)})};
  std::string anchor = WriteArchive(archive, "undefined_metric");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 0/Thread 0\" (id 0)", "timestamp 20", "99"});
}

INSTANTIATE_TEST_SUITE_P(Backends, Otf2Events,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::otf2_cli::otf2_events_test
