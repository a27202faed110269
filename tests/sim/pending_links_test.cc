// PendingLinks (sim/pending_links.h): halves found by key after any mix of
// adds and takes, with keys that share a home slot, as the table grows and
// shrinks; entries moved to keep the array dense keep their links.
#include "sim/pending_links.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

#include "sim/name_index.h"

namespace tracedb::pending_links_test {
namespace {

PendingLink LinkOfLine(uint64_t line) { return PendingLink{.line = line}; }

uint64_t Hash(const std::string& key) { return HashName(key); }

// Every key of `expected` is found with its link's line, and no other.
void ExpectHolds(PendingLinks& links, const std::map<std::string, uint64_t>& expected,
                 uint64_t (*hash)(const std::string&) = Hash) {
  ASSERT_EQ(links.size(), expected.size());
  for (const auto& [key, line] : expected) {
    PendingLinks::Entry* entry = links.Find(key, hash(key));
    ASSERT_NE(entry, nullptr) << key;
    EXPECT_EQ(entry->key, key);
    EXPECT_EQ(entry->link.line, line) << key;
  }
}

TEST(PendingLinks, FindsWhatWasAddedAndNotWhatWasTaken) {
  PendingLinks links;
  EXPECT_EQ(links.Find("a", HashName("a")), nullptr);
  links.Add("a", HashName("a"), LinkOfLine(1));
  links.Add("b", HashName("b"), LinkOfLine(2));
  ExpectHolds(links, {{"a", 1}, {"b", 2}});
  EXPECT_EQ(links.Take(links.Find("a", HashName("a"))).line, 1u);
  EXPECT_EQ(links.Find("a", HashName("a")), nullptr);
  ExpectHolds(links, {{"b", 2}});
  links.clear();
  EXPECT_TRUE(links.empty());
  EXPECT_EQ(links.Find("b", HashName("b")), nullptr);
}

// All keys given one hash: one long run of slots, from which takes in any
// order must leave every other key findable (the backward shift).
TEST(PendingLinks, KeysOfOneHomeStayFoundAsOthersAreTaken) {
  PendingLinks links;
  std::map<std::string, uint64_t> expected;
  for (uint64_t i = 0; i < 12; ++i) {
    links.Add("k" + std::to_string(i), 42, LinkOfLine(i));
    expected["k" + std::to_string(i)] = i;
  }
  for (int i : {5, 0, 11, 6, 1}) {
    std::string key = "k" + std::to_string(i);
    PendingLinks::Entry* entry = links.Find(key, 42);
    ASSERT_NE(entry, nullptr) << key;
    EXPECT_EQ(links.Take(entry).line, static_cast<uint64_t>(i));
    expected.erase(key);
    for (const auto& [other, line] : expected) {
      PendingLinks::Entry* found = links.Find(other, 42);
      ASSERT_NE(found, nullptr) << other << " after taking " << key;
      EXPECT_EQ(found->link.line, line);
    }
  }
}

// Random adds and takes against a std::map, with hashes folded onto few
// homes so that runs wrap around the table's end.
TEST(PendingLinks, AgreesWithAMapOverRandomAddsAndTakes) {
  std::mt19937_64 random(7);
  PendingLinks links;
  std::map<std::string, uint64_t> expected;
  uint64_t (*hash)(const std::string&) = [](const std::string& key) -> uint64_t {
    return HashName(key) % 5 * 0x3333333333333333ULL;
  };
  for (uint64_t step = 0; step < 20000; ++step) {
    std::string key = std::to_string(random() % 300);
    PendingLinks::Entry* entry = links.Find(key, hash(key));
    ASSERT_EQ(entry != nullptr, expected.count(key) == 1) << key << " at step " << step;
    if (entry != nullptr) {
      EXPECT_EQ(links.Take(entry).line, expected[key]);
      expected.erase(key);
    } else {
      links.Add(key, hash(key), LinkOfLine(step));
      expected[key] = step;
    }
  }
  ExpectHolds(links, expected, hash);
}

}  // namespace
}  // namespace tracedb::pending_links_test
