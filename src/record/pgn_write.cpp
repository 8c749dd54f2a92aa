// Records written as PGN (pgn.h's format_pgn_game): the export format's
// tags, then the numbered moves with their comments, in lines of at most
// 79 characters.
#include <charconv>
#include <map>

#include "core/errors.h"
#include "core/registry.h"
#include "record/pgn.h"
#include "record/pgn_text.h"

namespace asterism {

using namespace pgn;

namespace {

// Lines of the export format stay within this width (PGN standard 8.2.1).
constexpr std::size_t kLineWidth = 79;

// Collects words into lines no wider than kLineWidth.
class LineWriter {
  public:
    void word(std::string_view w) {
        if (!line_.empty() && line_.size() + 1 + w.size() > kLineWidth) end_line();
        // A '%' in the first column would make the line an escape line.
        if (line_.empty() && w.starts_with("%")) line_ = " ";
        if (!line_.empty() && line_ != " ") line_ += ' ';
        line_ += w;
    }
    // A ';' comment runs to the end of its line.
    void line_comment(std::string_view text) {
        word("; " + std::string(text));
        end_line();
    }
    void comment(std::string_view text) {
        if (text.find('}') != std::string_view::npos) return line_comment(text);
        std::vector<std::string> words;
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t end = std::min(text.find(' ', at), text.size());
            if (end > at) words.emplace_back(text.substr(at, end - at));
            at = end + 1;
        }
        if (words.empty()) return;
        words.front().insert(0, "{");
        words.back() += "}";
        for (const auto& w : words) word(w);
    }
    std::string finish() {
        end_line();
        return std::move(out_);
    }

  private:
    void end_line() {
        if (!line_.empty()) out_ += line_ + "\n";
        line_.clear();
    }
    std::string line_;
    std::string out_;
};

std::string tag_line(std::string_view name, std::string_view value) {
    std::string out = "[" + std::string(name) + " \"";
    for (const char c : clean(value)) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
    return out + "\"]\n";
}

// The move number in a position string: its last field, as in FEN (both
// chess-likes end their position strings with it); 1 if it is not a number.
int move_number(const std::string& position) {
    const std::size_t space = position.find_last_of(' ');
    const std::string_view last =
        std::string_view(position).substr(space == std::string::npos ? 0 : space + 1);
    int n = 0;
    const auto [end, ec] = std::from_chars(last.data(), last.data() + last.size(), n);
    return ec == std::errc() && end == last.data() + last.size() && n > 0 ? n : 1;
}

// The Seven Tag Roster, then the others in ASCII order.
std::string pgn_tags(const LoadedGame& loaded, const GameInfo& variant) {
    const Record& r = loaded.record;
    auto value_or = [&](std::string_view key, std::string fallback) {
        const std::string v = clean(r.tag_value(key));
        return v.empty() ? fallback : v;
    };
    const std::string date = r.tag_value(tag::kDate);
    const std::string result = value_or(tag::kResult, loaded.game->result());
    std::string out =
        tag_line("Event", value_or("Event", "?")) + tag_line("Site", value_or("Site", "?")) +
        tag_line("Date", is_date(date, '-') ? swap_separator(date, '-', '.') : "????.??.??") +
        tag_line("Round", value_or("Round", "?")) + tag_line("White", value_or(tag::kFirst, "?")) +
        tag_line("Black", value_or(tag::kSecond, "?")) + tag_line("Result", result);
    std::map<std::string, std::string> others;  // sorted by name, in ASCII order
    others[std::string(kVariant)] = variant.pgn->variant;
    others[std::string(kGameSpec)] = loaded.game->spec();
    if (!loaded.start_position.empty()) {
        others["SetUp"] = "1";
        others["FEN"] = loaded.start_position;
    }
    if (r.find_tag(tag::kFirstLevel)) others["WhiteLevel"] = r.tag_value(tag::kFirstLevel);
    if (r.find_tag(tag::kSecondLevel)) others["BlackLevel"] = r.tag_value(tag::kSecondLevel);
    for (const auto& t : r.tags)
        if (!contains(std::begin(kMappedRecordTags), std::end(kMappedRecordTags), t.key) &&
            !contains(std::begin(kMappedPgnTags), std::end(kMappedPgnTags), t.key))
            others.emplace(t.key, t.value);
    for (const auto& [name, value] : others) out += tag_line(name, value);
    return out;
}

// The moves, numbered from the start position's move number: "N." before
// White's move, "N..." before Black's at the start and after a comment.
std::string pgn_moves(const LoadedGame& loaded, const GameInfo& variant) {
    const Record& r = loaded.record;
    std::unique_ptr<Game> game = Registry::instance().create(loaded.game->spec());
    if (!loaded.start_position.empty()) game->set_position(loaded.start_position);
    int number = move_number(game->position());
    LineWriter out;
    const std::string opening = clean(r.tag_value(kComment));
    out.comment(opening);
    bool name_black = true;
    for (const auto& m : r.moves) {
        const Player side = game->to_move();
        if (side == Player::First)
            out.word(std::to_string(number) + ".");
        else if (name_black)
            out.word(std::to_string(number) + "...");
        const std::string token =
            replace_all(m.move, variant.pgn->reserved, variant.pgn->replacement);
        if (!is_pgn_symbol(token))
            throw GameError("internal: move '" + m.move + "' cannot be written as a PGN symbol");
        out.word(token);
        const std::string comment = clean(m.comment);
        out.comment(comment);
        name_black = !comment.empty();
        game->play(m.move);
        if (side == Player::Second) ++number;
    }
    out.word(clean(r.tag_value(tag::kResult)).empty() ? game->result() : r.tag_value(tag::kResult));
    return out.finish();
}

}  // namespace

std::string format_pgn_game(const Record& record) {
    const LoadedGame loaded = replay_record(record);
    const std::string id = loaded.game->id();
    const GameInfo* variant = variant_by_id(id);
    if (!variant) throw error("pgn.format", {{"list", pgn_game_words(false)}, {"id", id}});
    return pgn_tags(loaded, *variant) + "\n" + pgn_moves(loaded, *variant) + "\n";
}

}  // namespace asterism
