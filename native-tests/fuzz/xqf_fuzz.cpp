// libFuzzer target: the XQF reader. Any bytes are refused with a message or read as a game (never
// a crash, a hang or a leak); a game read is written as DhtmlXQ and as PGN in each notation, and
// what is written reads back as the same record (through PGN when no comment holds '}', which
// PGN cannot). Seeded with the samples of native-tests/fixtures/games (every version, encrypted
// and not).
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/dhtmlxq.h"
#include "formats/pgn.h"
#include "formats/xqf.h"
#include "fuzz_check.h"

using namespace chuhan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const formats::Loaded read = formats::read_xqf(bytes);
  FUZZ_CHECK(read.game || !read.error.empty(), "refused without a reason");
  if (!read.game) return 0;
  const Record& record = read.game->record();
  const std::string dhtml = formats::write_dhtmlxq(record);
  const std::vector<formats::Loaded> back = formats::read_dhtmlxq(dhtml, 2);
  FUZZ_CHECK(back.size() == 1 && back[0].game,
             "own DhtmlXQ refused: " + back[0].error + "\n" + dhtml);
  FUZZ_CHECK(back[0].game->record().same_game(record),
             "own DhtmlXQ read back differently:\n" + dhtml);
  // PGN cannot hold '}' in a comment (its writer puts a full-width one instead).
  for (NodeId id = 0; id < record.size(); ++id)
    if (record.node(id).comment.find('}') != std::string::npos) return 0;
  for (const Notation notation : {Notation::ICCS, Notation::WXF, Notation::CHINESE}) {
    const std::string pgn = formats::write_pgn(record, {notation});
    const std::vector<formats::Loaded> again = formats::read_pgn(pgn, 2);
    FUZZ_CHECK(again.size() == 1 && again[0].game,
               "own PGN refused: " + again[0].error + "\n" + pgn);
    FUZZ_CHECK(again[0].game->record().same_game(record), "own PGN read back differently:\n" + pgn);
  }
  return 0;
}
