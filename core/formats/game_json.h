// A record as JSON: what `chuhan convert --to json` prints and what the WebAssembly binding hands
// to JavaScript (one string per call, parsed there). The shape is documented in wasm/index.d.ts
// (GameRecord, NodeRecord):
//   {"tags": {...}, "startFen": FEN, "result": {...}, "declared": {...},
//    "moves": [ICCS moves of the main line], "nodes": [node n at index n, null for a removed one]}
// A node: {"id", "parent" (null at the root), "ply", "move", "chinese", "wxf", "moved",
// "captured" (FEN letters), "fen", "turn" ("w"/"b"), "moveNumber", "check", "result", "comment",
// "nag", "children"}; the move's fields are absent at the root, comment, nag and captured when
// there is none. A result: {"over": false} or {"over": true, "result": "1-0", "reason": name}.
#pragma once

#include <string>
#include <vector>

#include "../json.h"
#include "../record.h"

namespace chuhan::formats {

void write_result(json::Writer& w, const GameResult& r);
// One node of `record` as an object, or its fields alone inside an object the caller opened (to
// add its own).
void write_node(json::Writer& w, const Record& record, NodeId id);
void write_node_fields(json::Writer& w, const Record& record, NodeId id);
// The record's fields (tags, startFen, result, declared, moves, nodes), inside an object the caller
// opened, so that it can add its own (the binding adds the cursor and the legal moves).
void write_record_fields(json::Writer& w, const Record& record);
// The record as one JSON object.
std::string record_json(const Record& record);

}  // namespace chuhan::formats
