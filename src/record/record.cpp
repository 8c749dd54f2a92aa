#include "record/record.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <ctime>

#include "core/errors.h"
#include "core/registry.h"
#include "record/file_io.h"

namespace asterism {

namespace {

// Records are small (a long game is a few thousand lines); anything far
// bigger is not a record, and refusing it keeps memory use bounded.
constexpr std::size_t kMaxRecordBytes = std::size_t{16} << 20;

const char* const kResults[] = {"*", "1-0", "0-1", "1/2-1/2", "win", "loss"};

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

bool is_tag_key(std::string_view key) {
    if (key.empty() || !std::isalpha(static_cast<unsigned char>(key.front()))) return false;
    return std::all_of(key.begin(), key.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

// Values and comments live on one line, so a line break (or any other
// control character) inside one is written as a space.
std::string one_line(std::string_view text) {
    std::string out(trim(text));
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return std::string(trim(out));
}

std::string in_quotes(std::string_view s) {
    return "'" + std::string(s) + "'";
}

}  // namespace

namespace {

// `why` with its place in front, as a reason (record.h, RecordError).
nlohmann::json placed(std::string_view source, int line, const nlohmann::json& why) {
    if (line > 0 && !source.empty())
        return reason("rec.line", {{"source", std::string(source)}, {"line", line}, {"why", why}});
    if (line > 0) return reason("rec.lineOnly", {{"line", line}, {"why", why}});
    if (!source.empty())
        return reason("rec.whole", {{"source", std::string(source)}, {"why", why}});
    return why;
}

}  // namespace

RecordError::RecordError(std::string_view source, int line, const nlohmann::json& why)
    : GameError(placed(source, line, why)),
      line_(line),
      why_(std::make_shared<const nlohmann::json>(why)) {}

const RecordTag* Record::find_tag(std::string_view key) const {
    for (const auto& t : tags)
        if (t.key == key) return &t;
    return nullptr;
}

std::string Record::tag_value(std::string_view key) const {
    const RecordTag* t = find_tag(key);
    return t ? t->value : std::string();
}

void Record::set_tag(std::string_view key, std::string value) {
    for (auto& t : tags)
        if (t.key == key) {
            t.value = std::move(value);
            return;
        }
    tags.push_back({std::string(key), std::move(value), 0});
}

void Record::erase_tag(std::string_view key) {
    std::erase_if(tags, [&](const RecordTag& t) { return t.key == key; });
}

namespace {

// One line of a record being read, for its error messages.
struct RecordLine {
    std::string_view text;
    std::string_view source;
    int number;
    RecordError error(const nlohmann::json& why) const { return RecordError(source, number, why); }
};

void check_no_control_characters(const RecordLine& line) {
    for (char c : line.text)
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f)
            throw line.error(reason("rec.control", {{"n", static_cast<unsigned char>(c)}}));
}

// A move line: "N. MOVE", then optionally "; comment".
void read_move_line(const RecordLine& line, Record& record) {
    const std::string_view text = line.text;
    int number = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    const std::size_t digits = static_cast<std::size_t>(ptr - text.data());
    if (ec != std::errc() || digits >= text.size() || text[digits] != '.')
        throw line.error(reason("rec.moveLine"));
    const int expected = static_cast<int>(record.moves.size()) + 1;
    if (number != expected)
        throw line.error(reason("rec.number",
                                {{"n", expected}, {"found", std::string(text.substr(0, digits))}}));
    std::string_view rest = text.substr(digits + 1);
    std::string_view comment;
    if (const auto semi = rest.find(';'); semi != std::string_view::npos) {
        comment = trim(rest.substr(semi + 1));
        rest = rest.substr(0, semi);
    }
    rest = trim(rest);
    if (rest.empty()) throw line.error(reason("rec.noMove", {{"n", number}}));
    if (std::any_of(rest.begin(), rest.end(), is_blank))
        throw line.error(reason("rec.oneMove", {{"text", std::string(rest)}, {"n", number}}));
    record.moves.push_back({std::string(rest), std::string(comment), line.number});
}

// A tag line: "Key: value".
void read_tag_line(const RecordLine& line, Record& record) {
    const std::string_view text = line.text;
    const auto colon = text.find(':');
    const std::string_view key = colon == std::string_view::npos ? text : text.substr(0, colon);
    if (colon == std::string_view::npos || !is_tag_key(key))
        throw line.error(reason("rec.tagOrMove", {{"text", std::string(text)}}));
    if (!record.moves.empty()) throw line.error(reason("rec.tagLate", {{"key", std::string(key)}}));
    if (const RecordTag* seen = record.find_tag(key))
        throw line.error(reason("rec.tagTwice", {{"key", std::string(key)}, {"n", seen->line}}));
    record.tags.push_back(
        {std::string(key), std::string(trim(text.substr(colon + 1))), line.number});
}

}  // namespace

Record parse_record(std::string_view text, std::string_view source) {
    Record record;
    RecordLine line{{}, source, 0};
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        line.text = text.substr(pos, end - pos);
        pos = end + 1;
        ++line.number;
        if (!line.text.empty() && line.text.back() == '\r') line.text.remove_suffix(1);
        check_no_control_characters(line);
        line.text = trim(line.text);
        if (line.text.empty() || line.text.front() == '#') continue;
        if (std::isdigit(static_cast<unsigned char>(line.text.front())))
            read_move_line(line, record);
        else
            read_tag_line(line, record);
    }
    if (!record.find_tag(tag::kGame)) throw RecordError(source, 0, reason("rec.noGame"));
    return record;
}

std::string format_record(const Record& record) {
    const RecordTag* game = record.find_tag(tag::kGame);
    if (!game) throw GameError("internal: a record to write has no Game tag");
    std::string out = "# asterism game record (docs/records.md)\n";
    auto write_tag = [&](const RecordTag& t) {
        if (!is_tag_key(t.key))
            throw GameError("internal: bad record tag name " + in_quotes(t.key));
        out += t.key + ": " + one_line(t.value) + "\n";
    };
    write_tag(*game);
    for (const auto& t : record.tags)
        if (&t != game) write_tag(t);
    out += "\n";
    int number = 0;
    for (const auto& m : record.moves) {
        ++number;
        if (m.move.empty() || m.move.find_first_of(" \t\r\n;") != std::string::npos)
            throw GameError("internal: move " + std::to_string(number) + " " + in_quotes(m.move) +
                            " cannot be written in a record");
        out += std::to_string(number) + ". " + m.move;
        const std::string comment = one_line(m.comment);
        if (!comment.empty()) out += " ; " + comment;
        out += "\n";
    }
    return out;
}

namespace {

// A draw by agreement needs two players, a game the rules have not ended,
// and a drawn result.
void check_agreement(const Record& record, const Game& game, std::string_view source) {
    const RecordTag* termination = record.find_tag(tag::kTermination);
    if (!termination || termination->value != tag::kAgreement) return;
    nlohmann::json problem;
    if (game.num_players() != 2)
        problem = reason("rec.onePlayer");
    else if (game.terminal())
        problem = reason("rec.movesEnd", {{"result", game.result()}});
    else if (record.tag_value(tag::kResult) != "1/2-1/2")
        problem = reason("rec.agreedResult");
    if (!problem.is_null()) throw RecordError(source, termination->line, problem);
}

}  // namespace

LoadedGame replay_record(Record record, std::string_view source) {
    LoadedGame loaded;
    const RecordTag* game_tag = record.find_tag(tag::kGame);
    if (!game_tag) throw RecordError(source, 0, reason("rec.noGame"));
    try {
        loaded.game = Registry::instance().create(game_tag->value);
    } catch (const GameError& e) {
        throw RecordError(source, game_tag->line, e.reason());
    }
    record.set_tag(tag::kGame, loaded.game->spec());
    if (const RecordTag* position = record.find_tag(tag::kPosition)) {
        try {
            loaded.game->set_position(position->value);
        } catch (const GameError& e) {
            throw RecordError(source, position->line, e.reason());
        }
        loaded.start_position = loaded.game->position();
        record.set_tag(tag::kPosition, loaded.start_position);
    }
    int number = 0;
    for (auto& m : record.moves) {
        ++number;
        try {
            loaded.game->play(m.move);
        } catch (const GameError& e) {
            throw RecordError(
                source, m.line,
                reason("rec.move", {{"n", number}, {"move", m.move}, {"why", e.reason()}}));
        }
        m.move = loaded.game->history().back();
    }
    if (const RecordTag* result = record.find_tag(tag::kResult)) {
        if (std::find(std::begin(kResults), std::end(kResults), result->value) ==
            std::end(kResults))
            throw RecordError(source, result->line,
                              reason("rec.result", {{"result", result->value}}));
        // A game may end early by resignation or on time, so only a game
        // that the rules have ended must agree with its tag.
        if (loaded.game->terminal() && result->value != loaded.game->result())
            throw RecordError(source, result->line,
                              reason("rec.says", {{"result", result->value},
                                                  {"result2", loaded.game->result()}}));
    }
    check_agreement(record, *loaded.game, source);
    loaded.record = std::move(record);
    return loaded;
}

void update_record(Record& record, const Game& game, std::string_view start_position) {
    const std::vector<std::string> history = game.history();
    // The record's moves are still this game's while the start and each move
    // agree; comments belong to those moves only.
    std::size_t same = 0;
    if (record.tag_value(tag::kPosition) == start_position &&
        (!record.find_tag(tag::kGame) || record.tag_value(tag::kGame) == game.spec())) {
        while (same < history.size() && same < record.moves.size() &&
               record.moves[same].move == history[same])
            ++same;
    }
    const bool unchanged = same == history.size() && same == record.moves.size();

    std::vector<RecordMove> moves;
    moves.reserve(history.size());
    for (std::size_t i = 0; i < history.size(); ++i)
        moves.push_back({history[i], i < same ? record.moves[i].comment : std::string(), 0});
    record.moves = std::move(moves);

    record.set_tag(tag::kGame, game.spec());
    if (start_position.empty())
        record.erase_tag(tag::kPosition);
    else
        record.set_tag(tag::kPosition, std::string(start_position));
    if (game.terminal() || !unchanged || !record.find_tag(tag::kResult)) {
        record.set_tag(tag::kResult, game.result());
        // How the record's game ended says nothing about this one.
        record.erase_tag(tag::kTermination);
    }
}

void set_draw_by_agreement(Record& record) {
    record.set_tag(tag::kResult, "1/2-1/2");
    record.set_tag(tag::kTermination, std::string(tag::kAgreement));
}

void apply_agreement(Record& record, const Game& game, bool agreed) {
    if (agreed) {
        set_draw_by_agreement(record);
    } else if (record.tag_value(tag::kTermination) == tag::kAgreement) {
        record.set_tag(tag::kResult, game.result());
        record.erase_tag(tag::kTermination);
    }
}

bool drawn_by_agreement(const Record& record) {
    return record.tag_value(tag::kTermination) == tag::kAgreement &&
           record.tag_value(tag::kResult) == "1/2-1/2";
}

LoadedGame load_record_file(const std::string& path) {
    const std::string text = read_text_file(path, kMaxRecordBytes);
    return replay_record(parse_record(text, path), path);
}

void save_record_file(const std::string& path, const Record& record) {
    write_file_atomically(path, format_record(record));
}

void save_game_record(const std::string& path, Record& record, const Game& game,
                      std::string_view start_position, bool agreed) {
    Record updated = record;
    update_record(updated, game, start_position);
    apply_agreement(updated, game, agreed);
    if (!updated.find_tag(tag::kDate)) updated.set_tag(tag::kDate, today_utc());
    save_record_file(path, updated);
    record = std::move(updated);
}

std::string today_utc() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &utc);
    return buf;
}

std::string download_name(const std::string& game_id, const std::string& date,
                          const std::string& extension) {
    std::string safe;
    for (const char c : date.substr(0, 32)) {
        const bool ok =
            std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
        if (!ok && !safe.empty() && safe.back() == '_') continue;
        safe.push_back(ok ? c : '_');
    }
    while (!safe.empty() && (safe.front() == '.' || safe.front() == '_')) safe.erase(0, 1);
    return game_id + (safe.empty() ? "" : "-" + safe) + extension;
}

}  // namespace asterism
