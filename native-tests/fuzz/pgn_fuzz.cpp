// libFuzzer target: the PGN reader. Any text is refused with a message or read as games; every
// game read is written again in each notation, and what is written reads back as the same record
// (tags, start, result, moves, comments, annotations and variations).
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/pgn.h"
#include "fuzz_check.h"

using namespace chuhan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const formats::Loaded& read : formats::read_pgn(text, 4)) {
    if (!read.game) continue;
    for (const Notation notation : {Notation::ICCS, Notation::WXF, Notation::CHINESE}) {
      const std::string written = formats::write_pgn(read.game->record(), {notation});
      const std::vector<formats::Loaded> again = formats::read_pgn(written, 2);
      FUZZ_CHECK(again.size() == 1 && again[0].game,
                 "own PGN refused: " + again[0].error + "\n" + written);
      FUZZ_CHECK(again[0].game->record().same_game(read.game->record()),
                 "own PGN read back differently:\n" + written);
    }
  }
  return 0;
}
