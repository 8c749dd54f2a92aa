// Self-play and its training file (src/learn, docs/learning.md): games are
// a function of (seed, index) alone, whatever the number of threads; the
// training file reads back into what was written; and a tiny fixed run
// reproduces the checksums committed in tests/data/learn_selfplay.txt.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "common/data_files.h"
#include "core/registry.h"
#include "learn/selfplay.h"
#include "learn/training.h"
#include "record/record.h"

namespace asterism::learn {
namespace {

SelfplaySettings tiny(const std::string& game, const std::string& player) {
    SelfplaySettings s;
    s.game = game;
    s.player = player;
    s.seed = 7;
    return s;
}

std::string joined(const std::vector<SelfplayGame>& games) {
    std::string all;
    for (const SelfplayGame& g : games) all += pack_game(g);
    return all;
}

std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
    return h;
}

TEST(Selfplay, SameGamesWhateverTheParallelism) {
    for (const auto& [game, player] :
         {std::pair<std::string, std::string>{"starstar:size=6", "mcts:playouts=60,knowledge=0"},
          std::pair<std::string, std::string>{"shatra", "ab:nodes=300,knowledge=0"}}) {
        const SelfplaySettings s = tiny(game, player);
        const std::string one = joined(play_selfplay(s, 3, 1, nullptr));
        EXPECT_EQ(one, joined(play_selfplay(s, 3, 2, nullptr))) << game;
        EXPECT_EQ(one, joined(play_selfplay(s, 3, 3, nullptr))) << game;
        // Game 2 alone is game 2 of the run.
        EXPECT_EQ(pack_game(selfplay_game(s, 2)), pack_game(play_selfplay(s, 3, 1, nullptr)[2]));
    }
}

TEST(Selfplay, PackedGameAndTrainingFileRoundTrip) {
    const SelfplaySettings s = tiny("asterisk:size=8", "mcts:playouts=40");
    const auto games = play_selfplay(s, 2, 1, nullptr);
    std::string text = training_header(Registry::instance().create(s.game)->spec());
    for (const SelfplayGame& g : games) {
        const SelfplayGame back = unpack_game(pack_game(g));
        EXPECT_EQ(back.index, g.index);
        EXPECT_EQ(back.record, g.record);
        EXPECT_EQ(back.training, g.training);
        text += g.training;
        // The record replays to a finished game with the training file's moves.
        const LoadedGame loaded = replay_record(parse_record(g.record));
        EXPECT_TRUE(loaded.game->terminal());
    }
    const TrainingFile file = parse_training(text);
    ASSERT_EQ(file.games.size(), 2u);
    EXPECT_EQ(format_training(file), text);
    for (const TrainingGame& g : file.games) {
        EXPECT_TRUE(g.finished);
        EXPECT_EQ(g.positions.size() + static_cast<std::size_t>(s.random_plies), g.moves.size());
        for (const TrainingPosition& p : g.positions) {
            ASSERT_FALSE(p.candidates.empty()) << "ply " << p.ply;
            // The move played is the search's first candidate.
            EXPECT_EQ(p.candidates.front().move, g.moves[static_cast<std::size_t>(p.ply)]);
        }
    }
    EXPECT_THROW(unpack_game("12\nnot a number\n"), GameError);
}

// Adjudication (as `asterism match --resign/--draw`) ends a game when its
// searches agree it is decided: the record keeps the moves played, says
// the searches' result with `Termination: adjudication`, and the training
// file's game line has the same result. A game the rules end is not touched.
TEST(Selfplay, AdjudicationEndsADecidedGameWithTheSearchesResult) {
    const SelfplaySettings plain = tiny("starstar:size=6", "mcts:playouts=60,knowledge=0");
    const SelfplayGame whole = selfplay_game(plain, 0);
    SelfplaySettings resign = plain;
    resign.resign = ResignSettings{0.51, 1};  // the first rating off 0.5 decides
    const SelfplayGame cut = selfplay_game(resign, 0);

    const LoadedGame loaded = replay_record(parse_record(cut.record));
    ASSERT_FALSE(loaded.game->terminal());
    EXPECT_EQ(loaded.record.tag_value(tag::kTermination), "adjudication");
    const TrainingFile file = parse_training(training_header(loaded.game->spec()) + cut.training);
    const TrainingGame& g = file.games.at(0);
    ASSERT_TRUE(g.finished);
    ASSERT_FALSE(g.positions.empty());
    EXPECT_LT(g.moves.size(), parse_training(training_header(loaded.game->spec()) + whole.training)
                                  .games.at(0)
                                  .moves.size());
    // The last search rated the mover's chance 0.51 or more, or 0.49 or
    // less, and that decided it; every search before it rated nearer 0.5
    // (the file keeps four decimals).
    const TrainingPosition& last = g.positions.back();
    const int mover = last.ply % 2 == 0 ? 1 : -1;
    EXPECT_TRUE(last.value >= 0.5099 || last.value <= 0.4901) << last.value;
    EXPECT_EQ(g.result, last.value > 0.5 ? mover : -mover);
    EXPECT_EQ(loaded.record.tag_value(tag::kResult), g.result == 1 ? "1-0" : "0-1");
    for (std::size_t i = 0; i + 1 < g.positions.size(); ++i) {
        EXPECT_GT(g.positions[i].value, 0.4899) << "ply " << g.positions[i].ply;
        EXPECT_LT(g.positions[i].value, 0.5101) << "ply " << g.positions[i].ply;
    }

    SelfplaySettings draw = plain;
    draw.draw = DrawSettings{0.49, 1, 0};  // any rating from 0.01 to 0.99 draws at once
    const SelfplayGame drawn = selfplay_game(draw, 0);
    const Record r = parse_record(drawn.record);
    EXPECT_EQ(r.tag_value(tag::kResult), "1/2-1/2");
    EXPECT_EQ(r.tag_value(tag::kTermination), "adjudication");
    // It ended at the first search that rated the game within 0.49 of 0.5.
    const TrainingGame d =
        parse_training(training_header(loaded.game->spec()) + drawn.training).games.at(0);
    ASSERT_FALSE(d.positions.empty());
    EXPECT_EQ(d.result, 0);
    EXPECT_EQ(d.moves.size(), static_cast<std::size_t>(d.positions.back().ply) + 1);
    EXPECT_TRUE(d.positions.back().value >= 0.0099 && d.positions.back().value <= 0.9901);
    for (std::size_t i = 0; i + 1 < d.positions.size(); ++i)
        EXPECT_TRUE(d.positions[i].value <= 0.0101 || d.positions[i].value >= 0.9899);

    // Thresholds no search reaches leave the game as it was.
    SelfplaySettings never = plain;
    never.resign = ResignSettings{1.0, 1000};
    EXPECT_EQ(pack_game(selfplay_game(never, 0)), pack_game(whole));
}

TEST(Selfplay, BadTrainingFilesNameTheLine) {
    const std::string head = training_header("starstar:size=6,swap=true");
    for (const std::string& bad :
         {std::string("asterism-training 2 x\n"), head + "p 0 0.5 1 *10 3 0.5\n",
          head + "g 0 1 2 *10\n", head + "g 0 1 1 *10\np 1 0.5 1 *10 3 0.5\n",
          head + "g 0 2 1 *10\n", head + "g 0 1 1 *10\np 0 0.5 2 *10 3 0.5\n", head + "x\n"}) {
        try {
            parse_training(bad, "t");
            ADD_FAILURE() << "accepted: " << bad;
        } catch (const GameError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("t:", 0), 0u) << e.what();
        }
    }
}

// The committed checksums of a two-game run per game family; a change here
// means self-play (or the searches under it) plays other moves: update the
// file deliberately, as the bench signature.
TEST(Selfplay, TinyRunReproducesCommittedChecksums) {
    int checked = 0;
    for (const auto& [line, w] : testing::data_rows("learn_selfplay.txt")) {
        ASSERT_EQ(w.size(), 3u) << line;
        const SelfplaySettings s = tiny(w[0], w[1]);
        std::string training;
        for (const SelfplayGame& g : play_selfplay(s, 2, 2, nullptr)) training += g.training;
        EXPECT_EQ(std::to_string(fnv1a(training)), w[2]) << line;
        ++checked;
    }
    EXPECT_EQ(checked, 4);
}

}  // namespace
}  // namespace asterism::learn
