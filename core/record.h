// A game record: what a game file holds and what a board shows. Tags, the start position, a tree
// of moves (the main line and its variations, each node with a comment), and the result with its
// reason. Every reader and writer (core/formats/) produces and consumes one; Game (game.h) is the
// cursor into it that plays, goes to and edits nodes, since describing a node needs the position.
//
// Nodes are numbered in the order they were made and keep their number for the record's life: a
// removed node leaves a hole (removed() is true) rather than renumbering the others, so that a
// front end can hold node numbers across edits.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules.h"
#include "types.h"

namespace chuhan {

using NodeId = int;
constexpr NodeId RootNode = 0;
constexpr NodeId NoNode = -1;

// A position of the record as the move that led to it left it: the move's names and what the
// position is. The root's record has no move.
struct PlyRecord {
  Move move = MOVE_NONE;
  std::string iccs, chinese, wxf;  // the move's names (notation.h); "" at the root
  Piece moved = NO_PIECE;          // the piece that moved
  Piece captured = NO_PIECE;       // the piece it took
  std::string fen;
  Color side_to_move = RED;
  int move_number = 1;    // the FEN's full-move number
  int ply = 0;            // plies from the record's start position
  bool in_check = false;  // the side to move is in check
  GameResult result;      // the rules' verdict here, from the history that led here (rules.h)
};

struct RecordNode {
  PlyRecord at;
  NodeId parent = NoNode;
  // The moves played from here: children[0] continues the line this node is on, the others are
  // variations, in the order they were added (or promoted).
  std::vector<NodeId> children;
  std::string comment;  // about the move that led here (at the root: about the game's start)
  int nag = 0;  // PGN's annotation of the move: 1 !, 2 ?, 3 !!, 4 ??, 5 !?, 6 ?!, or another $n
  bool removed = false;
};

// Tag pairs in the order they were read or set (PGN's seven-tag roster first when written).
// Names are case-sensitive, as in PGN; a name appears at most once. Two sets of tags are equal
// when they hold the same pairs, in whatever order (writers put the roster first).
class Tags {
 public:
  // The value of `name`, or "" when there is none.
  const std::string& get(std::string_view name) const;
  bool has(std::string_view name) const;
  // Sets `name` (kept at its place if present, else appended); an empty value removes it.
  void set(std::string_view name, std::string value);
  const std::vector<std::pair<std::string, std::string>>& all() const { return items_; }
  bool operator==(const Tags& other) const;

 private:
  std::vector<std::pair<std::string, std::string>> items_;
};

class Record {
 public:
  // A record of one node: the position `root` with no move.
  explicit Record(PlyRecord root);

  // Tags other than the start position and the result, which have their own fields (a reader
  // takes PGN's FEN and Result tags into them).
  Tags tags;
  // The result as the players or the file declare it (a resignation, a draw agreed, a result
  // tag): ONGOING when none is declared. The rules' verdict of each position is in its record.
  GameResult declared;

  const std::string& start_fen() const { return nodes_[RootNode].at.fen; }
  // Nodes made so far, removed ones included: node numbers are 0 .. size() - 1.
  int size() const { return int(nodes_.size()); }
  // True for a node number that exists and was not removed.
  bool valid(NodeId id) const { return id >= 0 && id < size() && !nodes_[size_t(id)].removed; }
  const RecordNode& node(NodeId id) const { return nodes_[size_t(id)]; }
  // The child of `parent` reached by `m`, or NoNode.
  NodeId child(NodeId parent, Move m) const;
  // The nodes from the root to `id`, both included.
  std::vector<NodeId> path(NodeId id) const;
  // The nodes of the line through `id`: its path, then the first children after it to the end.
  std::vector<NodeId> line(NodeId id) const;
  std::vector<NodeId> main_line() const { return line(RootNode); }
  // True when `id` is on the main line.
  bool on_main_line(NodeId id) const;
  // The result to write or show: the declared one, else the rules' verdict at the main line's end.
  GameResult result() const;

  // Adds `at` as the last child of `parent` (the continuation if it has none, else a variation).
  // The caller (Game) has described the position; returns the new node's number.
  NodeId add(NodeId parent, PlyRecord at);
  // Removes `id` and everything played after it; false for the root or an invalid node.
  bool remove(NodeId id);
  // Moves the variation that `id` starts one place up among its siblings (to_main: to the first
  // place, so that it becomes the continuation). False when `id` is invalid or already first.
  bool promote(NodeId id, bool to_main);
  // Set the comment and the annotation of a valid node.
  void set_comment(NodeId id, std::string text) { nodes_[size_t(id)].comment = std::move(text); }
  void set_nag(NodeId id, int nag) { nodes_[size_t(id)].nag = nag; }

  // Same tags, start, result (its outcome: a writer may turn the rules' verdict into a declared
  // result) and tree (moves, comments, annotations and the order of variations), whatever the node
  // numbers: what a reader must give back after a writer (the round-trip tests).
  bool same_game(const Record& other) const;

 private:
  std::vector<RecordNode> nodes_;
};

}  // namespace chuhan
