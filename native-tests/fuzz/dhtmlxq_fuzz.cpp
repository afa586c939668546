// libFuzzer target: the DhtmlXQ reader and writer. Any text is refused with a message or read as
// games; every game read is written as DhtmlXQ again, and what is written reads back as the same
// record (tags, start, result, moves, comments and variations). Seeded with the DhtmlXQ samples of
// native-tests/fixtures/games.
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/dhtmlxq.h"
#include "fuzz_check.h"

using namespace chuhan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const formats::Loaded& read : formats::read_dhtmlxq(text, 4)) {
    FUZZ_CHECK(read.game || !read.error.empty(), "refused without a reason");
    if (!read.game) continue;
    const std::string written = formats::write_dhtmlxq(read.game->record());
    const std::vector<formats::Loaded> again = formats::read_dhtmlxq(written, 2);
    FUZZ_CHECK(again.size() == 1 && again[0].game,
               "own DhtmlXQ refused: " + again[0].error + "\n" + written);
    FUZZ_CHECK(again[0].game->record().same_game(read.game->record()),
               "own DhtmlXQ read back differently:\n" + written);
  }
  return 0;
}
