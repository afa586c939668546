// libFuzzer target: the FEN parser. Any byte string is refused with a message or accepted; an
// accepted FEN writes back a FEN that reads back the same, and every legal move can be made
// and unmade leaving a consistent position.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "movegen.h"
#include "position.h"
#include "rules.h"

using namespace chuhan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Position pos;
  StateInfo st{};
  const std::string error = pos.set(text, &st);
  if (!error.empty()) return 0;

  const std::string fen = pos.fen();
  Position again;
  StateInfo st2{};
  FUZZ_CHECK(again.set(fen, &st2).empty(), "own FEN refused: " + fen);
  FUZZ_CHECK(again.fen() == fen, fen + " read back as " + again.fen());
  std::string failure;
  FUZZ_CHECK(pos.pos_is_ok(&failure), failure);

  for (Move m : MoveList<LEGAL>(pos)) {
    StateInfo next;
    pos.do_move(m, next);
    FUZZ_CHECK(pos.pos_is_ok(&failure), failure);
    judge(pos);
    pos.undo_move(m);
    FUZZ_CHECK(pos.fen() == fen, "undo changed " + fen + " to " + pos.fen());
  }
  judge(pos);
  pos.pretty();
  return 0;
}
