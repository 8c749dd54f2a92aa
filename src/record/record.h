// Game records: a plain-text format that people can read and edit, with
// header tags and a numbered move list (docs/records.md has the full
// description). Records are read and written through the type-erased game
// face only, so every registered game has them for free.
//
//   # asterism game record
//   Game: starstar:size=6,swap=false
//   First: human
//   Second: asterism
//   SecondLevel: mc
//   Date: 2025-01-31
//   Result: 1-0
//
//   1. *10
//   2. S21 ; a comment runs to the end of the line
//
// Reading is strict: every problem is a RecordError whose message names the
// line. Writing goes to a temporary file that is renamed into place, so an
// existing record is never half-overwritten.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace asterism {

// The tags this program writes and checks. Other tags are kept as they are.
namespace tag {
inline constexpr std::string_view kGame = "Game";          // the canonical game spec; required
inline constexpr std::string_view kPosition = "Position";  // start position, when not the usual
inline constexpr std::string_view kFirst = "First";        // who played the first seat
inline constexpr std::string_view kFirstLevel = "FirstLevel";
inline constexpr std::string_view kSecond = "Second";
inline constexpr std::string_view kSecondLevel = "SecondLevel";
inline constexpr std::string_view kDate = "Date";  // YYYY-MM-DD, UTC
inline constexpr std::string_view kResult = "Result";
inline constexpr std::string_view kTimeControl = "TimeControl";
// How a game that the rules did not end came to its Result; asterism writes
// and checks one value, kAgreement.
inline constexpr std::string_view kTermination = "Termination";
inline constexpr std::string_view kAgreement = "agreement";
}  // namespace tag

struct RecordTag {
    std::string key;
    std::string value;
    int line = 0;  // where it was read; 0 for a tag made in memory
};

struct RecordMove {
    std::string move;
    std::string comment;  // empty when there is none
    int line = 0;
};

struct Record {
    std::vector<RecordTag> tags;  // in file order
    std::vector<RecordMove> moves;

    const RecordTag* find_tag(std::string_view key) const;  // nullptr when absent
    std::string tag_value(std::string_view key) const;      // empty when absent
    void set_tag(std::string_view key, std::string value);  // replaces, or appends
    void erase_tag(std::string_view key);
};

// A record that cannot be read or replayed. The message starts with the
// place: "FILE:LINE: ", "line LINE: " or "FILE: " when no line is to blame,
// then what is wrong: `why`, a reason of the engine's catalogue
// (core/errors.h) or a GameError's reason.
class RecordError : public GameError {
  public:
    RecordError(std::string_view source, int line, const nlohmann::json& why);
    int line() const { return line_; }
    // What is wrong, without the place.
    const nlohmann::json& why() const { return *why_; }

  private:
    int line_;
    std::shared_ptr<const nlohmann::json> why_;
};

// Reads the syntax of a record (tags and numbered moves; the moves are not
// checked against any game). `source` names the text in error messages.
Record parse_record(std::string_view text, std::string_view source = {});

// Writes a record in the canonical layout: a comment line, the Game tag, the
// other tags in order, a blank line, one numbered move per line. Line breaks
// and other control characters inside values and comments become spaces.
std::string format_record(const Record& record);

// A record replayed on its game. `record` is the input with every move, the
// Game tag and the Position tag rewritten in the game's own canonical form,
// so that saving it again is stable.
struct LoadedGame {
    Record record;
    std::unique_ptr<Game> game;
    std::string start_position;  // empty when the game starts from its usual position
};

// Creates the game from the Game tag, sets the Position tag if there is one,
// plays every move and checks the Result tag against a finished game.
// Throws RecordError naming the line of the first problem.
LoadedGame replay_record(Record record, std::string_view source = {});

// Brings a record up to date with a game: the Game, Position and Result tags
// and the move list. A move keeps its comment while the moves up to it are
// those of the record. A game that is not over keeps the record's Result
// (a resignation, a draw by agreement) and Termination only if its moves are
// exactly the record's.
void update_record(Record& record, const Game& game, std::string_view start_position);

// A draw by agreement is written as a resignation is, by a Result on a game
// that the rules have not ended: Result 1/2-1/2, with Termination agreement
// saying how it came about.
void set_draw_by_agreement(Record& record);
bool drawn_by_agreement(const Record& record);
// After update_record: a front end that knows whether the players `agreed`
// a draw has the last word on it (a record that said so is taken back to
// the game's own result when they no longer have).
void apply_agreement(Record& record, const Game& game, bool agreed);

// The files. Loading reads, parses and replays; saving formats and writes
// atomically. Both throw GameError (RecordError for content) naming the file.
LoadedGame load_record_file(const std::string& path);
void save_record_file(const std::string& path, const Record& record);

// Saves a game in play: brings a copy of `record` up to date with the game
// (update_record, apply_agreement with `agreed`, and today's Date unless
// the record has one), writes it, and only then stores the copy back in
// `record`.
void save_game_record(const std::string& path, Record& record, const Game& game,
                      std::string_view start_position, bool agreed = false);

// Today's date in the Date tag's form, YYYY-MM-DD in UTC.
std::string today_utc();

// The name a record downloads under: "GAME-DATE.rec" (or .pgn) with only
// letters, digits, '.', '_' and '-' from the Date tag, which a loaded
// record may set to anything ("../../x" must not become a path).
std::string download_name(const std::string& game_id, const std::string& date,
                          const std::string& extension);

}  // namespace asterism
