#include "record.h"

#include <algorithm>
#include <cassert>

namespace chuhan {

namespace {
const std::string NoValue;
}

const std::string& Tags::get(std::string_view name) const {
  for (const auto& [k, v] : items_)
    if (k == name) return v;
  return NoValue;
}

bool Tags::has(std::string_view name) const {
  return std::any_of(items_.begin(), items_.end(),
                     [&](const auto& kv) { return kv.first == name; });
}

void Tags::set(std::string_view name, std::string value) {
  const auto it =
      std::find_if(items_.begin(), items_.end(), [&](const auto& kv) { return kv.first == name; });
  if (value.empty()) {
    if (it != items_.end()) items_.erase(it);
  } else if (it != items_.end()) {
    it->second = std::move(value);
  } else {
    items_.emplace_back(std::string(name), std::move(value));
  }
}

bool Tags::operator==(const Tags& other) const {
  auto a = items_, b = other.items_;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

Record::Record(PlyRecord root) { nodes_.push_back({std::move(root), NoNode, {}, {}, 0, false}); }

NodeId Record::child(NodeId parent, Move m) const {
  for (const NodeId c : node(parent).children)
    if (node(c).at.move == m) return c;
  return NoNode;
}

std::vector<NodeId> Record::path(NodeId id) const {
  std::vector<NodeId> nodes;
  for (NodeId n = id; n != NoNode; n = node(n).parent) nodes.push_back(n);
  std::reverse(nodes.begin(), nodes.end());
  return nodes;
}

std::vector<NodeId> Record::line(NodeId id) const {
  std::vector<NodeId> nodes = path(id);
  for (NodeId n = id; !node(n).children.empty();) nodes.push_back(n = node(n).children.front());
  return nodes;
}

bool Record::on_main_line(NodeId id) const {
  for (NodeId n = id; node(n).parent != NoNode; n = node(n).parent)
    if (node(node(n).parent).children.front() != n) return false;
  return true;
}

GameResult Record::result() const {
  if (declared.over()) return declared;
  return node(main_line().back()).at.result;
}

NodeId Record::add(NodeId parent, PlyRecord at) {
  assert(valid(parent));
  const NodeId id = size();
  nodes_.push_back({std::move(at), parent, {}, {}, 0, false});
  nodes_[size_t(parent)].children.push_back(id);
  return id;
}

bool Record::remove(NodeId id) {
  if (!valid(id) || id == RootNode) return false;
  auto& siblings = nodes_[size_t(node(id).parent)].children;
  siblings.erase(std::find(siblings.begin(), siblings.end(), id));
  std::vector<NodeId> pending = {id};
  while (!pending.empty()) {
    RecordNode& n = nodes_[size_t(pending.back())];
    pending.pop_back();
    n.removed = true;
    pending.insert(pending.end(), n.children.begin(), n.children.end());
    n.children.clear();
  }
  return true;
}

bool Record::promote(NodeId id, bool to_main) {
  if (!valid(id) || id == RootNode) return false;
  auto& siblings = nodes_[size_t(node(id).parent)].children;
  const auto it = std::find(siblings.begin(), siblings.end(), id);
  if (it == siblings.begin()) return false;
  if (to_main)
    std::rotate(siblings.begin(), it, it + 1);
  else
    std::iter_swap(it - 1, it);
  return true;
}

bool Record::same_game(const Record& other) const {
  if (!(tags == other.tags) || result().outcome != other.result().outcome ||
      start_fen() != other.start_fen())
    return false;
  // Walk both trees in step: same moves, comments and order of children.
  std::vector<std::pair<NodeId, NodeId>> pending = {{RootNode, RootNode}};
  while (!pending.empty()) {
    const auto [a, b] = pending.back();
    pending.pop_back();
    const RecordNode &x = node(a), &y = other.node(b);
    if (x.at.move != y.at.move || x.comment != y.comment || x.nag != y.nag ||
        x.children.size() != y.children.size())
      return false;
    for (size_t i = 0; i < x.children.size(); ++i)
      pending.emplace_back(x.children[i], y.children[i]);
  }
  return true;
}

}  // namespace chuhan
