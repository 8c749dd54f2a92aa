// Tests of game records: the text format, replaying on every registered game,
// errors that name their line (from the files in tests/data/records/bad,
// each of which says on an "# expect-error: LINE TEXT" line what it must
// give), and atomic saving that never loses the old file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/data_files.h"
#include "core/registry.h"
#include "record/file_io.h"
#include "record/record.h"

namespace asterism {
namespace {

namespace fs = std::filesystem;

// A fresh, empty folder for one test.
fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("asterism-record-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::vector<std::string> every_spec() {
    std::vector<std::string> specs;
    for (const GameInfo* info : Registry::instance().all()) {
        specs.push_back(info->id);
        for (const auto& s : info->bench_specs)
            if (s != info->id) specs.push_back(s);
    }
    return specs;
}

// Plays up to `plies` random moves.
void play_random(Game& game, Rng& rng, int plies) {
    for (int i = 0; i < plies && !game.terminal(); ++i) {
        const auto legal = game.legal_moves();
        game.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
}

TEST(RecordFormat, ReadsTagsNumberedMovesAndComments) {
    const Record r = parse_record(
        "# a comment line\r\n"
        "Game: anything:size=6\r\n"
        "First:   Ann Smith  \n"
        "Empty:\n"
        "\n"
        "1. a1\n"
        "  2.b2 ; a comment; with a semicolon\n"
        "# between moves\n"
        "3. c3 ;\n");
    ASSERT_EQ(r.tags.size(), 3u);
    EXPECT_EQ(r.tags[0].key, "Game");
    EXPECT_EQ(r.tags[0].value, "anything:size=6");
    EXPECT_EQ(r.tag_value("First"), "Ann Smith");
    EXPECT_EQ(r.find_tag("Empty")->value, "");
    EXPECT_EQ(r.find_tag("Empty")->line, 4);
    EXPECT_EQ(r.find_tag("Missing"), nullptr);
    ASSERT_EQ(r.moves.size(), 3u);
    EXPECT_EQ(r.moves[1].move, "b2");
    EXPECT_EQ(r.moves[1].comment, "a comment; with a semicolon");
    EXPECT_EQ(r.moves[1].line, 7);
    EXPECT_EQ(r.moves[2].comment, "");
}

TEST(RecordFormat, WritesOneLinePerValueAndReadsItBack) {
    Record r;
    r.set_tag("Event", "two\nlines");
    r.set_tag(tag::kGame, "g");  // written first whatever the order
    r.moves = {{"a1", "note\twith\ttabs\nand a break", 0}, {"b2", "", 0}};
    const std::string text = format_record(r);
    EXPECT_EQ(text,
              "# asterism game record (docs/records.md)\nGame: g\nEvent: two lines\n\n"
              "1. a1 ; note with tabs and a break\n2. b2\n");
    const Record back = parse_record(text);
    EXPECT_EQ(format_record(back), text);

    r.moves.push_back({"two words", "", 0});
    EXPECT_THROW(format_record(r), GameError);
}

// Every file in tests/data/records/bad must fail to load at the line and
// with the text that its "# expect-error:" line names.
TEST(RecordFiles, CorruptRecordsAreRefusedWithTheirLine) {
    const auto files = testing::data_files("records/bad", ".rec");
    ASSERT_FALSE(files.empty());
    for (const auto& path : files) {
        SCOPED_TRACE(path);
        const auto lines = testing::split_lines(testing::read_file(path));
        if (const auto missing = testing::missing_games(lines); !missing.empty()) {
            std::cout << "skipping " << path << ": game '" << missing.front()
                      << "' is not registered\n";
            continue;
        }
        int line = -1;
        std::string text;
        for (const auto& l : lines)
            if (l.starts_with("# expect-error: ")) {
                std::istringstream spec(l.substr(16));
                spec >> line;
                std::getline(spec >> std::ws, text);
            }
        ASSERT_GE(line, 0) << "no '# expect-error: LINE TEXT' line";
        try {
            load_record_file(path);
            ADD_FAILURE() << "loaded without an error";
        } catch (const RecordError& e) {
            EXPECT_EQ(e.line(), line) << e.what();
            const std::string where =
                line > 0 ? path + ":" + std::to_string(line) + ": " : path + ": ";
            EXPECT_TRUE(std::string(e.what()).starts_with(where)) << e.what();
            EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
        }
    }
}

// The files in tests/data/records/good load, and writing one back gives the
// canonical text, which loads to the same game.
TEST(RecordFiles, GoodRecordsReplayAndSettleToCanonicalText) {
    const auto files = testing::data_files("records/good", ".rec");
    ASSERT_FALSE(files.empty());
    for (const auto& path : files) {
        SCOPED_TRACE(path);
        if (!testing::missing_games(testing::split_lines(testing::read_file(path))).empty())
            continue;
        const LoadedGame a = load_record_file(path);
        const std::string text = format_record(a.record);
        const LoadedGame b = replay_record(parse_record(text));
        EXPECT_EQ(format_record(b.record), text);
        EXPECT_EQ(b.game->history(), a.game->history());
        EXPECT_EQ(b.game->position(), a.game->position());
        EXPECT_EQ(b.game->result(), a.game->result());
    }
}

TEST(RecordRoundTrip, RandomGamesOfEveryGameSurviveSavingAndLoading) {
    const auto specs = every_spec();
    if (specs.empty()) GTEST_SKIP() << "no game is registered";
    const fs::path dir = scratch("roundtrip");
    Rng rng(11);
    for (const auto& spec : specs) {
        SCOPED_TRACE(spec);
        for (const bool from_position : {false, true}) {
            auto game = Registry::instance().create(spec);
            std::string start;
            if (from_position) {
                // Start the record from a position reached by play.
                play_random(*game, rng, 5);
                if (game->terminal()) continue;
                start = game->position();
                game->set_position(start);
            }
            play_random(*game, rng, 1000);
            Record record;
            record.set_tag(tag::kFirst, "somebody");
            update_record(record, *game, start);
            for (std::size_t i = 0; i < record.moves.size(); i += 3)
                record.moves[i].comment = "move " + std::to_string(i + 1);

            const std::string path = (dir / "game.rec").string();
            save_record_file(path, record);
            const LoadedGame loaded = load_record_file(path);
            EXPECT_EQ(loaded.game->history(), game->history());
            EXPECT_EQ(loaded.game->position(), game->position());
            EXPECT_EQ(loaded.game->result(), game->result());
            EXPECT_EQ(loaded.start_position, start);
            EXPECT_EQ(format_record(loaded.record), format_record(record));
        }
    }
    fs::remove_all(dir);
}

TEST(RecordUpdate, CommentsStayWithTheirMovesAndResultsWithTheirGame) {
    const auto specs = every_spec();
    if (specs.empty()) GTEST_SKIP() << "no game is registered";
    auto game = Registry::instance().create(specs.front());
    Rng rng(5);
    play_random(*game, rng, 4);
    ASSERT_EQ(game->history().size(), 4u) << "the first game ended within four moves";
    Record record;
    update_record(record, *game, "");
    EXPECT_EQ(record.tag_value(tag::kResult), "*");
    for (auto& m : record.moves) m.comment = "on " + m.move;
    // A resignation: the record's result stands while the moves are the same.
    record.set_tag(tag::kResult, "0-1");
    update_record(record, *game, "");
    EXPECT_EQ(record.tag_value(tag::kResult), "0-1");

    // Take back two moves and play another: the first two comments stay.
    game->undo();
    game->undo();
    const auto legal = game->legal_moves();
    const std::string third = record.moves[2].move;
    game->play(legal.front() != third ? legal.front() : legal.back());
    update_record(record, *game, "");
    ASSERT_EQ(record.moves.size(), 3u);
    EXPECT_EQ(record.moves[0].comment, "on " + record.moves[0].move);
    EXPECT_EQ(record.moves[1].comment, "on " + record.moves[1].move);
    EXPECT_EQ(record.moves[2].comment, "");
    EXPECT_EQ(record.tag_value(tag::kResult), "*");
    EXPECT_EQ(record.tag_value(tag::kGame), game->spec());
    EXPECT_EQ(record.find_tag(tag::kPosition), nullptr);

    // The same moves from another start position are another game.
    update_record(record, *game, "some start");
    EXPECT_EQ(record.tag_value(tag::kPosition), "some start");
    EXPECT_EQ(record.moves[0].comment, "");
}

// A draw by agreement is recorded as a resignation is, by its Result on a
// game the rules have not ended, with Termination saying how it came about;
// it reads back, and goes when the game goes on differently.
TEST(RecordUpdate, ADrawByAgreementIsWrittenReadBackAndReplayed) {
    // A two-player game still going after six random moves.
    std::unique_ptr<Game> game;
    Rng rng(7);
    for (const auto& spec : every_spec()) {
        game = Registry::instance().create(spec);
        play_random(*game, rng, 6);
        if (game->num_players() == 2 && !game->terminal()) break;
        game.reset();
    }
    if (!game) GTEST_SKIP() << "no two-player game lasts six moves";
    const fs::path dir = scratch("agreement");
    const std::string path = (dir / "agreed.rec").string();
    Record record;
    save_game_record(path, record, *game, "", true);
    EXPECT_EQ(record.tag_value(tag::kResult), "1/2-1/2");
    EXPECT_EQ(record.tag_value(tag::kTermination), "agreement");
    EXPECT_TRUE(drawn_by_agreement(record));

    const LoadedGame loaded = load_record_file(path);
    EXPECT_TRUE(drawn_by_agreement(loaded.record));
    EXPECT_EQ(loaded.game->history(), game->history());
    EXPECT_FALSE(loaded.game->terminal());

    // Saved again by a front end that still knows of the agreement: kept.
    Record again = loaded.record;
    save_game_record(path, again, *loaded.game, "", true);
    EXPECT_TRUE(drawn_by_agreement(again));
    // The game went on after a takeback: the result is the game's again.
    Record changed = loaded.record;
    auto other = loaded.game->clone();
    other->undo();
    update_record(changed, *other, "");
    EXPECT_EQ(changed.tag_value(tag::kResult), "*");
    EXPECT_EQ(changed.find_tag(tag::kTermination), nullptr);
    // Same moves, but the front end says the agreement was taken back.
    Record withdrawn = loaded.record;
    update_record(withdrawn, *loaded.game, "");
    apply_agreement(withdrawn, *loaded.game, false);
    EXPECT_EQ(withdrawn.tag_value(tag::kResult), "*");
    EXPECT_FALSE(drawn_by_agreement(withdrawn));
    fs::remove_all(dir);
}

TEST(RecordFiles, AFailedSaveLeavesTheOldFileAndNoLitter) {
    const fs::path dir = scratch("atomic");
    const std::string path = (dir / "keep.rec").string();
    write_file_atomically(path, "old\n");
    EXPECT_EQ(testing::read_file(path), "old\n");
    write_file_atomically(path, "new\n");
    EXPECT_EQ(testing::read_file(path), "new\n");
    EXPECT_EQ(fs::status(path).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                  fs::perms::others_read);

    // A directory in the way: the rename fails after the data is written.
    fs::create_directories(dir / "taken.rec" / "inside");
    EXPECT_THROW(write_file_atomically((dir / "taken.rec").string(), "x"), GameError);
    EXPECT_TRUE(fs::is_directory(dir / "taken.rec" / "inside"));
    // No folder at all: nothing can be written.
    EXPECT_THROW(write_file_atomically((dir / "nowhere" / "a.rec").string(), "x"), GameError);
    // A record that cannot be written is refused before any file is touched.
    Record unwritable;
    unwritable.set_tag(tag::kGame, "g");
    unwritable.moves.push_back({"a b", "", 0});
    EXPECT_THROW(save_record_file(path, unwritable), GameError);
    EXPECT_EQ(testing::read_file(path), "new\n");

    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"keep.rec", "taken.rec"}));
    fs::remove_all(dir);
}

TEST(RecordFiles, UnreadableFilesAreErrorsThatNameThem) {
    const fs::path dir = scratch("unreadable");
    for (const std::string& path : {(dir / "missing.rec").string(), dir.string()}) {
        try {
            load_record_file(path);
            ADD_FAILURE() << path << " loaded";
        } catch (const GameError& e) {
            EXPECT_TRUE(std::string(e.what()).starts_with("cannot read " + path + ": "))
                << e.what();
        }
    }
    std::ofstream(dir / "big.rec") << std::string(100, 'x');
    EXPECT_THROW(read_text_file((dir / "big.rec").string(), 99), GameError);
    EXPECT_EQ(read_text_file((dir / "big.rec").string(), 100).size(), 100u);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace asterism
