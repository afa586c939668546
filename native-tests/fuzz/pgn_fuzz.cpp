// libFuzzer target: the PGN reader. Any text is refused with a message or read as a game; a
// game read loads into an Engine, and the PGN the Engine writes reads back as the same game.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine.h"
#include "fuzz_check.h"
#include "notation.h"

using namespace chuhan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const PgnGame pgn = parse_pgn(text);
  if (!pgn.game) return 0;

  Engine engine;
  const std::string problem = engine.set_position(pgn.game->start_fen(), pgn.game->moves());
  FUZZ_CHECK(problem.empty(), "a game the reader accepted is refused: " + problem);
  const std::string written = engine.pgn();
  Engine other;
  FUZZ_CHECK(other.load_pgn(written).empty(), "own PGN refused:\n" + written);
  FUZZ_CHECK(other.moves() == engine.moves() && other.fen() == engine.fen(),
             "own PGN read back differently:\n" + written);
  engine.game_move_names("chinese");
  engine.game_move_names("wxf");
  return 0;
}
