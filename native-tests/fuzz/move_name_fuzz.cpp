// libFuzzer target: move names. Input: a FEN line (the start position if it is not a valid
// FEN), then text to read as a move in any notation. A name read must be a legal move, and its
// ICCS, WXF and Chinese names, and those of one more legal move the input picks, read back as it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "movegen.h"
#include "notation.h"
#include "position.h"

using namespace chuhan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t newline = input.find('\n');
  const std::string fen = newline == std::string::npos ? "" : input.substr(0, newline);
  const std::string text = newline == std::string::npos ? input : input.substr(newline + 1);

  Position pos;
  StateInfo st{};
  if (fen.empty() || !pos.set(fen, &st).empty()) pos.set(Position::StartFen, &st);

  const MoveList<LEGAL> legal(pos);
  const Move read = parse_move_name(pos, text);
  FUZZ_CHECK(read == MOVE_NONE || legal.contains(read),
             "'" + text + "' read as an illegal move in " + pos.fen());

  const auto reads_back = [&](Move m) {
    for (Notation style : {Notation::ICCS, Notation::WXF, Notation::CHINESE}) {
      const std::string name = move_name(pos, m, style);
      FUZZ_CHECK(parse_move_name(pos, name) == m,
                 "'" + name + "' does not read back in " + pos.fen());
    }
  };
  if (read != MOVE_NONE) reads_back(read);
  if (legal.size() > 0) reads_back(*(legal.begin() + size % legal.size()));
  return 0;
}
