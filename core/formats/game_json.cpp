#include "game_json.h"

#include "../contract.h"
#include "../position.h"

namespace chuhan::formats {

void write_result(json::Writer& w, const GameResult& r) {
  w.begin_object().key("over").boolean(r.over());
  if (r.over()) {
    w.key("result").string(r.result_string());
    if (r.reason != ResultReason::NONE) w.key("reason").string(contract::name(r.reason));
  }
  w.end_object();
}

void write_node(json::Writer& w, const Record& record, NodeId id) {
  w.begin_object();
  write_node_fields(w, record, id);
  w.end_object();
}

void write_node_fields(json::Writer& w, const Record& record, NodeId id) {
  const RecordNode& n = record.node(id);
  const PlyRecord& at = n.at;
  w.key("id").integer(id).key("parent");
  if (n.parent == NoNode)
    w.null();
  else
    w.integer(n.parent);
  w.key("ply").integer(at.ply);
  if (at.move != MOVE_NONE) {
    w.key("move").string(at.iccs).key("chinese").string(at.chinese).key("wxf").string(at.wxf);
    w.key("moved").string(std::string(1, piece_to_char(at.moved)));
    if (at.captured != NO_PIECE)
      w.key("captured").string(std::string(1, piece_to_char(at.captured)));
  }
  w.key("fen").string(at.fen).key("turn").string(at.side_to_move == RED ? "w" : "b");
  w.key("moveNumber").integer(at.move_number).key("check").boolean(at.in_check);
  w.key("result");
  write_result(w, at.result);
  if (!n.comment.empty()) w.key("comment").string(n.comment);
  if (n.nag) w.key("nag").integer(n.nag);
  w.key("children").begin_array();
  for (const NodeId c : n.children) w.integer(c);
  w.end_array();
}

void write_record_fields(json::Writer& w, const Record& record) {
  w.key("tags").begin_object();
  for (const auto& [k, v] : record.tags.all()) w.key(k).string(v);
  w.end_object();
  w.key("startFen").string(record.start_fen());
  w.key("result");
  write_result(w, record.result());
  w.key("declared");
  write_result(w, record.declared);
  w.key("moves").begin_array();
  for (const NodeId id : record.main_line())
    if (id != RootNode) w.string(record.node(id).at.iccs);
  w.end_array();
  w.key("nodes").begin_array();
  for (NodeId id = 0; id < record.size(); ++id)
    if (record.valid(id))
      write_node(w, record, id);
    else
      w.null();
  w.end_array();
}

std::string record_json(const Record& record) {
  std::string out;
  json::Writer w(out);
  w.begin_object();
  write_record_fields(w, record);
  w.end_object();
  return out;
}

}  // namespace chuhan::formats
