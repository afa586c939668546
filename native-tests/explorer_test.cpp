// The opening explorer over the committed data file (wasm/data/openings.bin, built by
// scripts/openings/): the whole master collection at the start, mirror images merged, names as
// the game goes, master games that replay, damaged or foreign data refused.
#include "explorer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <fstream>
#include <sstream>

#include "engine.h"
#include "movegen.h"
#include "opening_key.h"

namespace chuhan::test {
namespace {

const std::string& data_bytes() {
  static const std::string bytes = [] {
    std::ifstream in(std::string(CHUHAN_TEST_DIR) + "/../wasm/data/openings.bin", std::ios::binary);
    std::stringstream b;
    b << in.rdbuf();
    return b.str();
  }();
  return bytes;
}

const explorer::Data& data() {
  static const explorer::Data d = [] {
    explorer::Data loaded;
    EXPECT_EQ(loaded.load(data_bytes()), "");
    return loaded;
  }();
  return d;
}

// The entry after `moves` from the start position (asserting it exists).
explorer::Entry after(const std::vector<std::string>& moves, Engine& engine) {
  EXPECT_EQ(engine.set_position("startpos", moves), "");
  const std::optional<explorer::Entry> e = data().probe(engine.game().position());
  EXPECT_TRUE(e.has_value());
  return e.value_or(explorer::Entry{});
}

const explorer::MoveStats* find(const explorer::Entry& e, const std::string& move) {
  for (const explorer::MoveStats& m : e.moves)
    if (move_to_string(m.move) == move) return &m;
  return nullptr;
}

// The data file records the opening key of a known position: an engine whose keys changed
// (zobrist.h) refuses the committed file instead of misreading it, and this test fails until the
// file is rebuilt with scripts/openings/.
TEST(Explorer, TheCommittedDataMatchesTheEnginesKeys) {
  explorer::Data d;
  ASSERT_EQ(d.load(data_bytes()), "") << "rebuild wasm/data/openings.bin (scripts/openings)";
  std::string other = data_bytes();
  other[12] = char(other[12] ^ 1);  // the recorded key
  EXPECT_NE(d.load(other).find("other position keys"), std::string::npos);
  EXPECT_FALSE(d.loaded());
}

TEST(Explorer, TheStartCountsTheWholeCollection) {
  Engine engine;
  const explorer::Entry start = after({}, engine);
  EXPECT_GT(start.games, 25000);
  EXPECT_EQ(start.red + start.draw + start.black, start.games);
  EXPECT_TRUE(start.opening.eco.empty());  // no opening yet
  ASSERT_FALSE(start.moves.empty());
  EXPECT_EQ(move_to_string(start.moves[0].move), "h2e2");  // the central cannon, most played
  int sum = 0;
  for (size_t i = 0; i < start.moves.size(); ++i) {
    const explorer::MoveStats& m = start.moves[i];
    sum += m.games;
    EXPECT_EQ(m.red + m.draw + m.black, m.games);
    if (i) {
      EXPECT_LE(m.games, start.moves[i - 1].games);  // most played first
    }
  }
  EXPECT_EQ(sum, start.games);  // every game has a first move
  EXPECT_FALSE(start.top_games.empty());
  const explorer::Figures f = data().figures();
  EXPECT_GT(f.positions, 5000);
  EXPECT_NE(data().credit().find("CC BY 4.0"), std::string::npos);
  EXPECT_NE(data().credit().find("Chinese Chess Practical Dataset"), std::string::npos);
}

TEST(Explorer, AMirroredLineIsTheSameEntryWithMirroredMoves) {
  Engine engine;
  const explorer::Entry right = after({"h2e2", "h9g7"}, engine);
  const explorer::Entry left = after({"b2e2", "b9c7"}, engine);
  EXPECT_EQ(right.games, left.games);
  ASSERT_EQ(right.moves.size(), left.moves.size());
  for (size_t i = 0; i < right.moves.size(); ++i)
    EXPECT_EQ(mirror_move(right.moves[i].move), left.moves[i].move);
  // At the symmetric start, a move and its mirror stay apart.
  const explorer::Entry start = after({}, engine);
  ASSERT_TRUE(find(start, "h2e2") && find(start, "b2e2"));
  EXPECT_NE(find(start, "h2e2")->games, find(start, "b2e2")->games);
}

TEST(Explorer, TheOpeningIsNamedAsTheGameGoes) {
  Engine engine;
  ASSERT_EQ(engine.load_explorer(data_bytes()), "");
  ASSERT_EQ(engine.set_position("startpos", {"h2e2"}), "");
  EXPECT_EQ(engine.explore()->opening.zh, "中炮局");
  ASSERT_EQ(engine.set_position("startpos", {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"}), "");
  const explorer::Opening screen = engine.explore()->opening;
  EXPECT_EQ(screen.eco.substr(0, 1), "C") << screen.eco;
  EXPECT_NE(screen.zh.find("屏风马"), std::string::npos) << screen.zh;
  EXPECT_FALSE(screen.en.empty());
  // Far from any master game the position is unknown but keeps the last name its line had.
  for (const char* m : {"a0a2", "a9a7", "a2a1", "a7a8"}) ASSERT_EQ(engine.play(m), "");
  const std::optional<explorer::Entry> out = engine.explore();
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->games, 0);
  EXPECT_FALSE(out->opening.eco.empty());
}

TEST(Explorer, MasterGamesReplayThroughThePosition) {
  Engine engine;
  const std::vector<std::string> line = {"h2e2", "h9g7", "h0g2", "i9h9"};
  const explorer::Entry e = after(line, engine);
  ASSERT_FALSE(e.top_games.empty());
  const Key here = opening_key(engine.game().position()).key;
  for (const explorer::GameSummary& s : e.top_games) {
    const std::optional<explorer::MasterGame> g = data().game(s.id);
    ASSERT_TRUE(g.has_value());
    EXPECT_EQ(int(g->moves.size()), s.plies);
    EXPECT_FALSE(s.red.empty());
    // Replayed on a bare position: masters play on past what the engine's rules would call over
    // (a repetition judged by other rules), and every move must still be legal.
    Position pos;
    std::deque<StateInfo> states(1);
    pos.set(Position::StartFen, &states.back());
    bool through = false;
    for (const Move m : g->moves) {
      through |= opening_key(pos).key == here;
      const MoveList<LEGAL> legal(pos);
      ASSERT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << s.id;
      states.emplace_back();
      pos.do_move(m, states.back());
    }
    EXPECT_TRUE(through) << s.id;
  }
  EXPECT_FALSE(data().game(-1).has_value());
  EXPECT_FALSE(data().game(data().figures().games).has_value());
}

TEST(Explorer, RefusesWhatIsNotItsData) {
  explorer::Data d;
  EXPECT_NE(d.load(""), "");
  EXPECT_NE(d.load("CHUHANXO"), "");
  EXPECT_NE(d.load(std::string(1000, '\xFF')), "");
  std::string version = data_bytes();
  version[8] = 9;
  EXPECT_NE(d.load(version).find("format"), std::string::npos);
  // Every cut of the file is refused, none read past its end (the sanitizers watch).
  const std::string& bytes = data_bytes();
  for (size_t cut = 0; cut < bytes.size(); cut += 997) EXPECT_NE(d.load(bytes.substr(0, cut)), "");
  // Damage inside a count or an index is refused or read as other numbers, never a crash.
  for (size_t at = 20; at < bytes.size(); at += 4099) {
    std::string damaged = bytes;
    damaged[at] = char(damaged[at] ^ 0x5A);
    if (d.load(damaged).empty()) d.probe(Engine().game().position());
  }
}

TEST(Explorer, JsonCarriesTheEntry) {
  Engine engine;
  const explorer::Entry e = after({"h2e2"}, engine);
  const std::string json = explorer::to_json(e);
  for (const char* key : {"\"games\":", "\"opening\":{\"eco\":", "\"zh\":\"中炮局\"",
                          "\"moves\":[{\"move\":\"h9g7\"", "\"topGames\":[{\"id\":", "\"result\":"})
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json.substr(0, 400);
  const std::string game = explorer::to_json(*data().game(e.top_games.at(0).id));
  EXPECT_NE(game.find("\"moves\":[\"h2e2\""), std::string::npos) << game.substr(0, 300);
}

}  // namespace
}  // namespace chuhan::test
