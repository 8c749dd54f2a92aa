// Tests of the core vocabulary: the random generator, Zobrist tables,
// union-find with undo, spec parsing in the registry and the StateGame face,
// using a tiny take-away game defined here.
#include <gtest/gtest.h>

#include <charconv>

#include <set>
#include <string>

#include "core/registry.h"
#include "core/state_game.h"
#include "core/union_find.h"
#include "core/zobrist.h"

namespace asterism {
namespace {

TEST(CoreRng, SameSeedSameSequenceDifferentSeedDifferent) {
    Rng a(42), b(42), c(43);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const auto x = a.next();
        EXPECT_EQ(x, b.next());
        differs |= (x != c.next());
    }
    EXPECT_TRUE(differs);
}

TEST(CoreRng, BelowStaysInRangeAndCoversIt) {
    Rng rng(7);
    std::set<std::uint32_t> seen;
    for (int i = 0; i < 10000; ++i) {
        const auto v = rng.below(13);
        ASSERT_LT(v, 13u);
        seen.insert(v);
    }
    EXPECT_EQ(seen.size(), 13u);
    for (int i = 0; i < 1000; ++i) {
        const double u = rng.uniform();
        ASSERT_GE(u, 0.0);
        ASSERT_LT(u, 1.0);
    }
}

TEST(CoreZobrist, KeysAreDistinctAndReproducible) {
    static constexpr ZobristTable<50, 2> t1(99), t2(99);
    std::set<std::uint64_t> keys;
    for (std::size_t s = 0; s < 50; ++s)
        for (std::size_t v = 0; v < 2; ++v) {
            EXPECT_EQ(t1(s, v), t2(s, v));
            keys.insert(t1(s, v));
        }
    EXPECT_EQ(keys.size(), 100u);
}

TEST(CoreUnionFind, UnionsMergeMasksAndUndoRestoresExactly) {
    UndoableUnionFind<8> uf;
    uf.reset(8);
    uf.set_mask(0, 1);
    uf.set_mask(3, 4);
    const auto c1 = uf.unite(0, 1);
    const auto c2 = uf.unite(1, 3);
    EXPECT_EQ(uf.find(0), uf.find(3));
    EXPECT_EQ(uf.mask(uf.find(3)), 5);
    EXPECT_EQ(uf.size(uf.find(0)), 3);
    const auto noop = uf.unite(0, 3);
    EXPECT_LT(noop.child, 0);
    uf.undo(noop);
    uf.undo(c2);
    EXPECT_NE(uf.find(0), uf.find(3));
    EXPECT_EQ(uf.mask(uf.find(0)), 1);
    EXPECT_EQ(uf.mask(3), 4);
    uf.undo(c1);
    for (int i = 0; i < 8; ++i) EXPECT_EQ(uf.find(i), i);
    EXPECT_EQ(uf.mask(0), 1);
}

// A take-away game: a pile of stones, each move takes 1 to `max_take`,
// whoever takes the last stone wins. Small enough to check perft by hand.
struct TakeAwayGame {
    using Move = int;
    static constexpr int kMaxMoves = 3;
    static constexpr int kPlayers = 2;
    int pile = 10;
    int max_take = 3;
    int plies = 0;
    int taken[64] = {};

    int generate(Move* out) const {
        int n = 0;
        for (int k = 1; k <= max_take && k <= pile; ++k) out[n++] = k;
        return n;
    }
    void apply(Move m) {
        pile -= m;
        taken[plies++] = m;
    }
    void undo() { pile += taken[--plies]; }
    int ply() const { return plies; }
    Player to_move() const { return plies % 2 ? Player::Second : Player::First; }
    Outcome outcome() const {
        return pile == 0 ? Outcome::win(opponent(to_move())) : Outcome::ongoing();
    }
    std::uint64_t hash() const { return static_cast<std::uint64_t>(pile * 2 + plies % 2); }
    std::string move_text(Move m) const { return "take" + std::to_string(m); }
    Move parse_move(std::string_view text) const {
        for (int k = 1; k <= max_take && k <= pile; ++k)
            if (text == move_text(k)) return k;
        throw GameError("illegal move '" + std::string(text) + "'");
    }
    std::string position() const { return std::to_string(pile) + (plies % 2 ? " 2" : " 1"); }
    void set_position(std::string_view text) {
        const auto space = text.find(' ');
        int stones = -1;
        if (space != std::string_view::npos &&
            std::from_chars(text.data(), text.data() + space, stones).ptr != text.data() + space)
            stones = -1;
        const std::string_view turn = space == std::string_view::npos ? "" : text.substr(space + 1);
        if (stones < 0 || stones > 100 || (turn != "1" && turn != "2"))
            throw GameError("bad position: expected 'STONES 1' or 'STONES 2'");
        pile = stones;
        plies = turn == "2" ? 1 : 0;
    }
    nlohmann::json score() const { return {{"pile", pile}}; }
    std::string render() const { return std::string(static_cast<std::size_t>(pile), '|'); }
    std::string player_name(Player p) const { return p == Player::First ? "One" : "Two"; }
    std::string move_help() const { return "takeK"; }
    Outcome random_playout(Rng& rng, std::uint64_t* moves) const {
        TakeAwayGame s = *this;
        while (!s.outcome().over()) {
            Move m[kMaxMoves];
            s.apply(m[rng.below(static_cast<std::uint32_t>(s.generate(m)))]);
            ++*moves;
        }
        return s.outcome();
    }
};

const GameRegistration kTakeAway(GameInfo{
    "takeaway-test",
    "Take-away (test only)",
    "take 1 to 3 stones; the last stone wins",
    {{"pile", OptionSpec::Type::Int, "10", {"5", "10"}, "stones at the start"},
     {"misere", OptionSpec::Type::Bool, "false", {}, "unused flag for option tests"},
     {"seed", OptionSpec::Type::Seed, "1", {}, "unused seed for option tests"}},
    [](const Options& o) {
        TakeAwayGame s;
        s.pile = o.get_int("pile");
        return std::make_unique<StateGame<TakeAwayGame>>(
            canonical_spec(*Registry::instance().find("takeaway-test"), o), s);
    }});

TEST(CoreRegistry, SpecsAreParsedValidatedAndCanonical) {
    auto& reg = Registry::instance();
    EXPECT_EQ(reg.create("takeaway-test")->spec(), "takeaway-test:pile=10,misere=false,seed=1");
    EXPECT_EQ(reg.create("takeaway-test:misere=on,pile=5")->spec(),
              "takeaway-test:pile=5,misere=true,seed=1");
    EXPECT_EQ(reg.create("takeaway-test:seed=18446744073709551615")->spec(),
              "takeaway-test:pile=10,misere=false,seed=18446744073709551615");
    for (const char* bad :
         {"nosuchgame", "takeaway-test:", "takeaway-test:pile=7", "takeaway-test:colour=red",
          "takeaway-test:pile", "takeaway-test:pile=5,pile=5", "takeaway-test:misere=maybe",
          "takeaway-test:seed=-1", "takeaway-test:seed=12x", "takeaway-test:pile=5,"}) {
        EXPECT_THROW(reg.create(bad), GameError) << bad;
    }
    try {
        reg.create("nosuchgame");
    } catch (const GameError& e) {
        EXPECT_NE(std::string(e.what()).find("unknown game 'nosuchgame'"), std::string::npos);
    }
}

TEST(CoreRegistry, WithOptionReplacesOneOption) {
    auto& reg = Registry::instance();
    EXPECT_EQ(reg.with_option("takeaway-test:pile=5", "seed", "9"),
              "takeaway-test:pile=5,misere=false,seed=9");
    EXPECT_EQ(reg.with_option("takeaway-test:seed=3", "pile", "10"),
              "takeaway-test:pile=10,misere=false,seed=3");
    EXPECT_THROW(reg.with_option("takeaway-test", "pile", "6"), GameError);
    EXPECT_THROW(reg.with_option("takeaway-test", "nosuch", "1"), GameError);
}

TEST(CoreStateGame, PlayUndoHistoryPerftAndResult) {
    auto g = Registry::instance().create("takeaway-test:pile=5");
    EXPECT_EQ(g->legal_moves(), (std::vector<std::string>{"take1", "take2", "take3"}));
    // Perft by hand: compositions of 5 into parts of at most 3, by length.
    EXPECT_EQ(g->perft(1, false, nullptr), 3u);
    EXPECT_EQ(g->perft(2, false, nullptr), 8u);
    std::vector<std::pair<std::string, std::uint64_t>> divide;
    EXPECT_EQ(g->perft(2, true, &divide), 8u);
    ASSERT_EQ(divide.size(), 3u);
    EXPECT_EQ(divide[0], (std::pair<std::string, std::uint64_t>{"take1", 3}));
    EXPECT_THROW(g->play("take4"), GameError);
    g->play("take3");
    g->play("take2");
    EXPECT_TRUE(g->terminal());
    EXPECT_EQ(g->result(), "0-1");
    EXPECT_EQ(g->to_move(), Player::None);
    EXPECT_THROW(g->play("take1"), GameError);
    EXPECT_EQ(g->history(), (std::vector<std::string>{"take3", "take2"}));
    EXPECT_TRUE(g->undo());
    EXPECT_EQ(g->result(), "*");
    EXPECT_EQ(g->position(), "2 2");
    EXPECT_TRUE(g->undo());
    EXPECT_FALSE(g->undo());
    EXPECT_THROW(g->set_position("garbage"), GameError);
    EXPECT_EQ(g->position(), "5 1");
}

TEST(CoreStateGame, RandomPlayoutsAreDeterministicPerSeed) {
    auto g = Registry::instance().create("takeaway-test");
    Rng a(5), b(5);
    const auto s1 = g->random_playouts(a, 500, 1e9);
    const auto s2 = g->random_playouts(b, 500, 1e9);
    EXPECT_EQ(s1.games, 500u);
    EXPECT_EQ(s1.moves, s2.moves);
    EXPECT_EQ(s1.checksum, s2.checksum);
    EXPECT_GE(s1.moves, 500u * 4);  // at least ceil(10/3) moves per game
}

}  // namespace
}  // namespace asterism
