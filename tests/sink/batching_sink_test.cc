// BatchingSink (sink/batching_sink.h): rows' user-defined fields as JSON
// spans of their batch's text, and when batches go.
#include "sink/batching_sink.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tracedb::batching_sink_test {
namespace {

struct Sent {
  std::vector<RowBatch> batches;
  BatchingSink::Emit Emit() {
    return [this](RowBatch&& batch) { batches.push_back(std::move(batch)); };
  }
};

StateRow State(uint32_t container, Extras extras) {
  return {.container = container,
          .type = 1,
          .value = 0,
          .start = 0,
          .end = 1,
          .depth = 0,
          .extras = std::move(extras)};
}

TEST(BatchingSink, FieldsAreJsonInTheBatchTextAndRepeatsShareTheirSpan) {
  Registry registry;
  Sent sent;
  BatchingSink sink(registry, 100, sent.Emit());
  sink.OnState(State(1, {{"cpu", "1"}}));
  sink.OnState(State(2, {{"cpu", "1"}}));
  sink.OnState(State(3, {}));
  sink.OnEvent({.container = 3, .type = 2, .value = 0, .time = 5, .extras = {{"cpu", "2"}}});
  sink.OnState(State(4, {{"cpu", "1"}}));
  sink.Finish();

  ASSERT_EQ(sent.batches.size(), 1u);
  const RowBatch& batch = sent.batches[0];
  EXPECT_EQ(batch.text, R"({"cpu":"1"}{"cpu":"2"}{"cpu":"1"})");
  std::vector<std::string> states;
  for (const StateRecord& r : batch.states) states.emplace_back(batch.Text(r.extra));
  EXPECT_EQ(states,
            (std::vector<std::string>{R"({"cpu":"1"})", R"({"cpu":"1"})", "", R"({"cpu":"1"})"}));
  EXPECT_EQ(batch.states[0].extra.offset, batch.states[1].extra.offset);
  EXPECT_EQ(batch.states[2].extra.size, 0u);
  EXPECT_EQ(batch.Text(batch.events.at(0).extra), R"({"cpu":"2"})");
}

// Each batch's spans point into its own text, whatever the previous held.
TEST(BatchingSink, ANewBatchStartsItsTextAnew) {
  Registry registry;
  Sent sent;
  BatchingSink sink(registry, 2, sent.Emit());
  for (uint32_t c = 1; c <= 3; ++c) sink.OnState(State(c, {{"n", "same"}}));
  sink.Finish();
  ASSERT_EQ(sent.batches.size(), 2u);
  EXPECT_EQ(sent.batches[0].text, R"({"n":"same"})");
  EXPECT_EQ(sent.batches[1].text, R"({"n":"same"})");
  EXPECT_EQ(sent.batches[1].Text(sent.batches[1].states.at(0).extra), R"({"n":"same"})");
}

// Long fields send a batch before its row count is reached: 64 MiB of text.
TEST(BatchingSink, LongFieldsSendTheBatchEarly) {
  Registry registry;
  Sent sent;
  BatchingSink sink(registry, 1000, sent.Emit());
  std::string long_value(40 << 20, 'x');
  sink.OnState(State(1, {{"a", long_value}}));
  EXPECT_EQ(sent.batches.size(), 0u);
  sink.OnState(State(2, {{"b", long_value}}));
  ASSERT_EQ(sent.batches.size(), 1u);
  EXPECT_EQ(sent.batches[0].states.size(), 2u);
  EXPECT_EQ(sent.batches[0].Text(sent.batches[0].states[1].extra),
            R"({"b":")" + long_value + "\"}");
}

// A numbered event has no value id (NULL) and its number; a link its size
// and tag, or none (NULL).
// 20,000 containers that end at once go in batches of 8,192 at most,
// however many rows a batch may hold: a container row weighs ten of a
// state's.
TEST(BatchingSink, ContainersGoInBatchesOfAtMost8192) {
  Registry registry;
  for (int i = 1; i <= 20000; ++i) {
    registry.AddContainer({.name = "t" + std::to_string(i), .type = 0, .parent = 0, .start = 0});
  }
  Sent sent;
  BatchingSink sink(registry, 75000, sent.Emit());
  for (uint32_t id = 1; id <= 20000; ++id) sink.OnContainer({.id = id, .start = 0, .end = 1});
  sink.Finish();
  std::vector<size_t> sizes;
  for (const RowBatch& batch : sent.batches) sizes.push_back(batch.containers.size());
  EXPECT_EQ(sizes, (std::vector<size_t>{8192, 8192, 3616}));
  EXPECT_EQ(sent.batches[2].containers.back().path, "t20000");
}

TEST(BatchingSink, NumbersSizesAndTagsBecomeNullableColumns) {
  Registry registry;
  Sent sent;
  BatchingSink sink(registry, 100, sent.Emit());
  sink.OnEvent({.container = 1, .type = 2, .value = kNumberValue, .time = 1, .number = -7});
  sink.OnEvent({.container = 1, .type = 2, .value = 3, .time = 2, .number = 0});
  sink.OnLink({.container = 0, .type = 4, .value = 0, .key = "k", .size = 4096, .tag = 5});
  sink.OnLink({.container = 0, .type = 4, .value = 0, .key = "j"});
  sink.Finish();
  const RowBatch& batch = sent.batches.at(0);
  EXPECT_EQ(batch.events[0].value, -1);
  EXPECT_EQ(batch.events[0].number, -7);
  EXPECT_EQ(batch.events[1].value, 3);
  EXPECT_EQ(batch.events[1].number, std::nullopt);
  EXPECT_EQ(batch.links[0].size(), 4096);
  EXPECT_EQ(batch.links[0].tag(), 5);
  EXPECT_EQ(batch.links[1].size(), std::nullopt);
  EXPECT_EQ(batch.links[1].tag(), std::nullopt);
}

// A link's key is in the batch's text, beside the fields' JSON; an empty
// key stays an empty text (keys are never NULL).
TEST(BatchingSink, LinkKeysAreInTheBatchsText) {
  Registry registry;
  Sent sent;
  BatchingSink sink(registry, 100, sent.Emit());
  sink.OnLink({.container = 0, .type = 4, .value = 0, .key = "k1", .extras = {{"a", "x"}}});
  sink.OnLink({.container = 0, .type = 4, .value = 0, .key = "", .extras = {{"a", "x"}}});
  sink.OnLink({.container = 0, .type = 4, .value = 0, .key = "a longer key than SSO holds"});
  sink.Finish();
  const RowBatch& batch = sent.batches.at(0);
  ASSERT_EQ(batch.links.size(), 3u);
  EXPECT_EQ(batch.Text(batch.links[0].key), "k1");
  EXPECT_EQ(batch.Text(batch.links[1].key), "");
  EXPECT_EQ(batch.Text(batch.links[2].key), "a longer key than SSO holds");
  EXPECT_EQ(batch.Text(batch.links[0].extra), R"({"a":"x"})");
  EXPECT_EQ(batch.Text(batch.links[1].extra), R"({"a":"x"})");
  EXPECT_EQ(batch.links[2].extra.size, 0u);
  EXPECT_EQ(batch.text, R"(k1{"a":"x"}a longer key than SSO holds)");
}

// The JSON form is the writer's store's: PostgreSQL's jsonb gets "#order".
TEST(BatchingSink, FieldsAreWrittenInTheFormOfTheStore) {
  Registry registry;
  Sent sent;
  BatchingSink sink(registry, 100, sent.Emit(), nullptr, JsonStore::kJsonb);
  sink.OnState(State(1, {{"b", "1", FieldType::kNumber}, {"a", "x"}}));
  sink.Finish();
  EXPECT_EQ(sent.batches.at(0).text, R"({"b":1,"a":"x","#order":["b","a"]})");
}

}  // namespace
}  // namespace tracedb::batching_sink_test
