// FEN input and output: round trips for every data FEN, and clear errors for bad ones.
#include <gtest/gtest.h>

#include "data_files.h"
#include "position.h"

namespace chuhan::test {
namespace {

// FEN writes counters; compare only what every data file states.
std::string board_and_side(const std::string& fen) {
  const auto words = split_words(fen);
  return words[0] + " " + words[1];
}

TEST(Fen, RoundTripsEveryDataFen) {
  const auto fens = all_data_fens();
  ASSERT_GE(fens.size(), 200u);
  for (const std::string& fen : fens) {
    Position pos;
    StateInfo st;
    ASSERT_EQ(pos.set(fen, &st), "") << fen;
    EXPECT_EQ(board_and_side(pos.fen()), board_and_side(fen));
    const auto words = split_words(fen);
    if (words.size() == 6) {
      EXPECT_EQ(pos.fen(), fen);
    }
    // Reading our own output gives the same position and key.
    Position again;
    StateInfo st2;
    ASSERT_EQ(again.set(pos.fen(), &st2), "");
    EXPECT_EQ(again.fen(), pos.fen());
    EXPECT_EQ(again.key(), pos.key());
  }
}

TEST(Fen, AcceptsElephantEyeAndXqbaseSpellings) {
  Position a, b;
  StateInfo sa, sb;
  ASSERT_EQ(a.set("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1", &sa),
            "");
  ASSERT_EQ(b.set(Position::StartFen, &sb), "");
  EXPECT_EQ(a.fen(), b.fen());
  EXPECT_EQ(a.key(), b.key());
}

TEST(Fen, MissingTrailingFieldsTakeDefaults) {
  Position pos;
  StateInfo st;
  ASSERT_EQ(pos.set("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", &st), "");
  EXPECT_EQ(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
  ASSERT_EQ(pos.set("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 5 9", &st), "");
  EXPECT_EQ(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 5 9");
}

struct BadFen {
  const char* fen;
  const char* message;  // the error must contain this
};

const BadFen BadFens[] = {
    {"", "empty FEN"},
    {"   ", "empty FEN"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1", "9 ranks, expected 10"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1",
     "11 ranks, expected 10"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1",
     "rank 0 has 8 files, expected 9"},
    {"rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "rank 9 has more than 9 files"},
    {"rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "rank 8 has more than 9 files"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1",
     "unknown piece letter 'X' on rank 0"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB0R w - - 0 1",
     "unknown piece letter '0'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", "Red has no general"},
    {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "Black has no general"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w - - 0 1",
     "Red has 2 generals"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w - - 0 1",
     "Red has 3 rooks, at most 2"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/c8/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "Black has 3 cannons, at most 2"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/2p6/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "Black has 6 soldiers, at most 5"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2N2C1/9/RNBAKABNR w - - 0 1",
     "Red has 3 horses, at most 2"},
    {"3k5/9/9/9/9/9/3K5/9/9/9 w - - 0 1", "Red general on d3: generals can never stand there"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
     "bad side to move 'x'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR white - - 0 1",
     "bad side to move 'white'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
     "bad 60-move rule counter 'x'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -3 1",
     "bad 60-move rule counter '-3'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 one",
     "bad move number 'one'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra",
     "unexpected text after the move number"},
    {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "generals face each other on the open e-file"},
    {"3k5/9/9/9/9/9/9/9/9/3KA4 w - - 0 1", "Red advisor on e0: advisors can never stand there"},
    {"3k5/9/9/9/9/9/9/3B5/9/4K4 w - - 0 1", "Red elephant on d2: elephants can never stand there"},
    {"3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1", "Red elephant on c5"},
    {"3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1", "Red soldier on b3"},
    {"3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1", "Red soldier on a2"},
    {"3k5/9/9/1p7/9/9/9/9/9/4K4 w - - 0 1", "Black soldier on b6"},
    {"3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1", "the side not to move (Black) is in check"},
    {"4k4/9/9/9/9/4R4/9/9/9/3K5 w - - 0 1", "the side not to move (Black) is in check"},
    {"3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1", "generals face each other on the open d-file"},
    {"3k5/5N3/9/9/9/9/9/9/9/4K4 w - - 0 1", "the side not to move (Black) is in check"},
    {"3k5/9/9/9/9/9/9/9/2n6/4K4 b - - 0 1", "the side not to move (Red) is in check"},
    {"2k6/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "Black general on c9"},
    {"3k5/9/9/9/9/2b6/9/9/9/4K4 w - - 0 1", "Black elephant on c4"},
    {"3k5/9/9/9/9/9/9/9/9/4K1a2 w - - 0 1", "Black advisor on g0"},
    {"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 2 3", "unexpected text after the move number: '2'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1",
     "bad 60-move rule counter 'KQ'"},
};

TEST(Fen, RejectsBadFenWithTheRightMessage) {
  int rejected = 0;
  for (const BadFen& bad : BadFens) {
    if (bad.message[0] == '\0') continue;
    Position pos;
    StateInfo st;
    ASSERT_EQ(pos.set(Position::StartFen, &st), "");
    const std::string error = pos.set(bad.fen, &st);
    EXPECT_NE(error.find(bad.message), std::string::npos)
        << "FEN '" << bad.fen << "'\n  expected an error containing '" << bad.message
        << "'\n  got '" << error << "'";
    // A rejected FEN leaves the position as it was.
    EXPECT_EQ(pos.fen(), Position::StartFen);
    ++rejected;
  }
  EXPECT_GE(rejected, 25);
}

}  // namespace
}  // namespace chuhan::test
