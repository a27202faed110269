#include "analysis/call_path_tree.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "analysis/analysed_trace.h"
#include "analysis/sort_key.h"
#include "analysis/state_types.h"
#include "analysis/trace_names.h"

namespace tracedb {
namespace {

constexpr size_t kNoNode = static_cast<size_t>(-1);

// A merged node: its parent node, container (-1: merged), type and value
// (-1: other paths).
using NodeKey = std::tuple<size_t, int64_t, int64_t, int64_t>;

struct Merger {
  const TraceNames& names;
  bool per_container;
  CallPathTree tree;
  std::map<NodeKey, size_t> nodes;
  std::unordered_map<int64_t, size_t> node_of_path;
  // (type id, container id or -1 merged): each node's, and the containers
  // whose states it adds up, whose lifetimes its share divides by.
  std::vector<std::pair<int64_t, int64_t>> keys;
  std::map<std::pair<int64_t, int64_t>, std::set<int64_t>> containers;
};

CallPathNode NewNode(const Merger& m, int64_t container, int64_t type, int64_t value,
                     uint32_t depth) {
  CallPathNode node{.type = TypeOf(m.names, type).name, .depth = depth};
  if (value < 0) {
    node.name = "(other paths)";
  } else {
    const ValueName& named = StateValueOf(m.names, value);
    node.name = named.name;
    node.color = named.color;
  }
  if (container >= 0) node.container = ContainerOf(m.names, container).path;
  return node;
}

// The row's node, made the first time its key comes.
size_t NodeOf(Merger& m, const RowCursor& row) {
  size_t parent = row.IsNull(1) ? kNoNode : m.node_of_path.at(row.Int(1));
  int64_t container = m.per_container ? row.Int(2) : -1;
  int64_t value = row.IsNull(4) ? -1 : row.Int(4);
  NodeKey key{parent, container, row.Int(3), value};
  auto [found, made] = m.nodes.try_emplace(key, m.tree.nodes.size());
  if (!made) return found->second;
  uint32_t depth = parent == kNoNode ? 0 : m.tree.nodes[parent].depth + 1;
  m.tree.nodes.push_back(NewNode(m, container, row.Int(3), value, depth));
  m.keys.emplace_back(row.Int(3), container);
  (parent == kNoNode ? m.tree.roots : m.tree.nodes[parent].children).push_back(found->second);
  return found->second;
}

void AddRow(Merger& m, const RowCursor& row) {
  size_t node = NodeOf(m, row);
  CallPathNode& n = m.tree.nodes[node];
  n.count += row.Int(6);
  n.inclusive += row.Double(7);
  n.exclusive += row.Double(8);
  m.node_of_path[row.Int(0)] = node;
  m.containers[{row.Int(3), m.per_container ? row.Int(2) : -1}].insert(row.Int(2));
}

// Each node's lifetime: the summed lifetimes of its key's containers.
void SetLifetimes(Merger& m) {
  std::map<std::pair<int64_t, int64_t>, double> lifetimes;
  for (const auto& [key, ids] : m.containers) {
    for (int64_t id : ids) {
      const ContainerName& c = ContainerOf(m.names, id);
      lifetimes[key] += c.end_time - c.start_time;
    }
  }
  for (size_t i = 0; i < m.tree.nodes.size(); ++i) m.tree.nodes[i].lifetime = lifetimes[m.keys[i]];
}

void SortChildren(CallPathTree& tree, std::vector<size_t>& ids, bool roots) {
  auto key = [&](size_t i) {
    const CallPathNode& n = tree.nodes[i];
    return std::make_tuple(roots ? n.container : std::string(), roots ? n.type : std::string(),
                           -SortKey(n.inclusive), n.name);
  };
  std::sort(ids.begin(), ids.end(), [&](size_t a, size_t b) { return key(a) < key(b); });
  for (size_t i : ids) SortChildren(tree, tree.nodes[i].children, false);
}

void AddRows(const CallPathTree& tree, size_t node, const std::string& above,
             std::vector<std::pair<size_t, std::string>>* rows) {
  const CallPathNode& n = tree.nodes[node];
  std::string path = above.empty() ? n.name : above + ";" + n.name;
  rows->push_back({node, path});
  for (size_t child : n.children) AddRows(tree, child, path, rows);
}

struct TreeRows {
  CallPathTree tree;
  std::vector<std::pair<size_t, std::string>> rows;  // node, folded path
  bool per_container;
  bool indented;
};

std::vector<Cell> Row(const TreeRows& t, size_t i) {
  const auto& [node, path] = t.rows[i];
  const CallPathNode& n = t.tree.nodes[node];
  std::vector<Cell> row;
  if (t.per_container) row.push_back(TextCell(n.container));
  row.push_back(TextCell(n.type));
  row.push_back(IntegerCell(n.depth));
  row.push_back(TextCell(t.indented ? std::string(2 * n.depth, ' ') + n.name : path));
  row.push_back(IntegerCell(n.count));
  row.push_back(RealCell(n.inclusive));
  row.push_back(RealCell(n.exclusive));
  row.push_back(n.lifetime > 0 ? RealCell(n.inclusive / n.lifetime) : NullCell());
  return row;
}

}  // namespace

CallPathTree ReadCallPathTree(TraceReader& reader, const TraceRecord& trace,
                              const ProfileOptions& options) {
  CallPathTree tree;
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    std::vector<int64_t> types = StateTypeIds(names, options.type, TraceLabel(trace));
    Merger m{.names = names, .per_container = options.by == ProfileBy::kContainer};
    std::unique_ptr<RowCursor> rows = select(
        "SELECT path_id, parent_id, container_id, type_id, value_id, depth, count, "
        "inclusive_seconds, exclusive_seconds FROM call_path WHERE trace_id = $1 "
        "ORDER BY depth, path_id");
    while (rows->Next()) {
      if (AmongStateTypes(types, rows->Int(3))) AddRow(m, *rows);
    }
    SetLifetimes(m);
    SortChildren(m.tree, m.tree.roots, true);
    tree = std::move(m.tree);
    tree.unit_word = TimeColumn(trace, "");
  });
  return tree;
}

RowSource CallPathRows(CallPathTree tree, bool per_container, bool indented) {
  auto t = std::make_shared<TreeRows>(
      TreeRows{.tree = std::move(tree), .per_container = per_container, .indented = indented});
  for (size_t root : t->tree.roots) AddRows(t->tree, root, "", &t->rows);
  const std::string& unit = t->tree.unit_word;
  std::vector<std::string> columns = {
      "type",           "depth", "call_path", "count", "inclusive_" + unit, "exclusive_" + unit,
      "inclusive_share"};
  if (per_container) columns.insert(columns.begin(), "container_path");
  return {.columns = std::move(columns), .size = t->rows.size(), .row = [t](size_t i) {
            return Row(*t, i);
          }};
}

}  // namespace tracedb
