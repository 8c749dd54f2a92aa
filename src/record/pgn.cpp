#include "record/pgn.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <map>

#include "core/errors.h"
#include "core/registry.h"
#include "record/file_io.h"

namespace asterism {

namespace {

// A PGN database can hold thousands of games; anything far bigger than
// that is not a game file, and refusing it keeps memory use bounded.
constexpr std::size_t kMaxPgnBytes = std::size_t{64} << 20;

// Lines of the export format stay within this width (PGN standard 8.2.1).
constexpr std::size_t kLineWidth = 79;

// The games that PGN covers are the registered games with a PGN notation
// (GameInfo::pgn, core/registry.h), in the registry's order.
std::vector<const GameInfo*> pgn_games() {
    std::vector<const GameInfo*> out;
    for (const GameInfo* info : Registry::instance().all())
        if (info->pgn) out.push_back(info);
    return out;
}

// The covered games' ids, "a, b", or their Variant names, "A and B", for
// error messages.
std::string pgn_game_words(bool names) {
    const std::vector<const GameInfo*> games = pgn_games();
    std::string out;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (i > 0) out += names && i + 1 == games.size() ? " and " : ", ";
        out += names ? games[i]->pgn->variant : games[i]->id;
    }
    return out;
}

// The tags that a record's tags become, or that PGN reading turns into
// record tags; every other tag passes through under its own name.
constexpr std::string_view kGameSpec = "GameSpec";
constexpr std::string_view kVariant = "Variant";
constexpr std::string_view kMappedPgnTags[] = {
    "Event",    "Site",  "Date",  "Round", "White", "Black",    "Result",     "Variant",
    "GameSpec", "SetUp", "Setup", "FEN",   "SPN",   "PlyCount", "WhiteLevel", "BlackLevel",
};
constexpr std::string_view kMappedRecordTags[] = {
    "Game", "Position", "First", "Second", "FirstLevel", "SecondLevel",
    "Date", "Result",   "Event", "Site",   "Round",      "Comment",
};
// A record tag for the comment that PGN puts before the first move.
constexpr std::string_view kComment = "Comment";

const GameInfo* variant_by_id(std::string_view id) {
    const GameInfo* info = Registry::instance().find(id);
    return info && info->pgn ? info : nullptr;
}

// Letters and digits only, lower case: "Star Pool Chess", "star-pool" and
// "starpool" are one name.
std::string squeeze(std::string_view s) {
    std::string out;
    for (const char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

const GameInfo* variant_by_name(std::string_view name) {
    const std::string key = squeeze(name);
    for (const GameInfo* v : pgn_games())
        if (key == squeeze(v->pgn->variant) || key == squeeze(v->id)) return v;
    return nullptr;
}

// The spec of a PGN game that names no game: the caller's, else the one a
// registered game claims (PgnNotation::unnamed_spec).
std::string unnamed_game_spec(const PgnReadOptions& options) {
    if (!options.default_game.empty()) return options.default_game;
    for (const GameInfo* v : pgn_games())
        if (!v->pgn->unnamed_spec.empty()) return v->pgn->unnamed_spec;
    return {};
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
    if (from.empty()) return s;
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

bool contains(const std::string_view* begin, const std::string_view* end, std::string_view key) {
    return std::find(begin, end, key) != end;
}

bool is_symbol_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || (c && std::strchr("_+#=:-", c));
}

// What ends a move token: white space and the characters of other tokens.
bool ends_token(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || (c && std::strchr("{}()[];\"$", c));
}

// A symbol token of the PGN standard (section 7), the form of a move.
bool is_pgn_symbol(std::string_view s) {
    return !s.empty() && std::isalnum(static_cast<unsigned char>(s.front())) &&
           std::all_of(s.begin(), s.end(), is_symbol_char);
}

// One line, no control characters: what a tag value or comment may hold.
std::string clean(std::string_view s) {
    std::string out;
    for (const char c : s) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
    const auto first = out.find_first_not_of(' ');
    if (first == std::string::npos) return {};
    return out.substr(first, out.find_last_not_of(' ') - first + 1);
}

bool unknown_value(std::string_view v) {
    return v.empty() || v == "?";
}

std::string normal_result(std::string_view r) {
    return r == "1/2" ? "1/2-1/2" : std::string(r);
}

bool is_result(std::string_view r) {
    return r == "1-0" || r == "0-1" || r == "1/2-1/2" || r == "*" || r == "1/2";
}

// "YYYY.MM.DD" (each figure a digit or '?') with the given separator.
bool is_date(std::string_view d, char sep) {
    if (d.size() != 10 || d[4] != sep || d[7] != sep) return false;
    for (std::size_t i = 0; i < d.size(); ++i)
        if (i != 4 && i != 7 && !std::isdigit(static_cast<unsigned char>(d[i])) && d[i] != '?')
            return false;
    return true;
}

std::string swap_separator(std::string d, char from, char to) {
    std::replace(d.begin(), d.end(), from, to);
    return d;
}

}  // namespace

// ---- reading the syntax ------------------------------------------------------

namespace {

// Splits a PGN text into games: tags, the main line's move tokens with
// their comments, and results. Everything inside a variation is skipped.
class PgnScanner {
  public:
    PgnScanner(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    std::vector<PgnGame> run() {
        if (text_.starts_with("\xEF\xBB\xBF")) pos_ = 3;  // a UTF-8 byte order mark
        for (skip_space(); pos_ < text_.size(); skip_space()) step(text_[pos_]);
        if (depth_ > 0) throw error(reason("pgn.variationOpen"));
        finish_game();
        return std::move(games_);
    }

  private:
    RecordError error(const nlohmann::json& why) const { return RecordError(source_, line_, why); }

    void step(char c) {
        switch (c) {
            case '[':
                if (depth_ > 0) throw error(reason("pgn.tagInVariation"));
                if (in_moves_) finish_game();  // a game without a termination marker
                read_tag();
                return;
            case '{':
                add_comment(read_brace_comment());
                return;
            case ';':
                add_comment(read_line_comment());
                return;
            case '(':
                if (depth_ == 0 && cur_.moves.empty()) throw error(reason("pgn.variationFirst"));
                ++depth_;
                ++pos_;
                return;
            case ')':
                if (depth_ == 0) throw error(reason("pgn.close"));
                --depth_;
                ++pos_;
                return;
            case '$':  // a NAG: skipped
                ++pos_;
                while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])))
                    ++pos_;
                return;
            case '}':
            case ']':
            case '"':
                throw error(reason("pgn.unexpected", {{"ch", std::string(1, c)}}));
            default:
                read_token();
        }
    }

    // White space, line ends and '%' escape lines.
    void skip_space() {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '\n') {
                ++line_;
                ++pos_;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
                ++pos_;
            } else if (c == '%' && (pos_ == 0 || text_[pos_ - 1] == '\n')) {
                while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
            } else {
                return;
            }
        }
    }

    void begin(int line) {
        if (!started_) cur_.line = line;
        started_ = true;
    }

    void finish_game() {
        if (started_) games_.push_back(std::move(cur_));
        cur_ = PgnGame{};
        started_ = in_moves_ = false;
    }

    void skip_blanks() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    }

    void read_tag() {
        begin(line_);
        ++pos_;
        skip_blanks();
        const std::size_t start = pos_;
        while (pos_ < text_.size() && is_symbol_char(text_[pos_])) ++pos_;
        const std::string name(text_.substr(start, pos_ - start));
        if (name.empty()) throw error(reason("pgn.tagName"));
        skip_blanks();
        if (pos_ >= text_.size() || text_[pos_] != '"')
            throw error(reason("pgn.tagValue", {{"name", name}}));
        std::string value;
        for (++pos_;; ++pos_) {
            if (pos_ >= text_.size() || text_[pos_] == '\n')
                throw error(reason("pgn.tagQuote", {{"name", name}}));
            const char c = text_[pos_];
            if (c == '"') break;
            if (c == '\\' && pos_ + 1 < text_.size() &&
                (text_[pos_ + 1] == '"' || text_[pos_ + 1] == '\\'))
                ++pos_;
            value += text_[pos_];
        }
        ++pos_;
        skip_blanks();
        if (pos_ >= text_.size() || text_[pos_] != ']')
            throw error(reason("pgn.tagClose", {{"name", name}}));
        ++pos_;
        cur_.tags.push_back({name, std::move(value), line_});
    }

    std::string read_brace_comment() {
        const int opened = line_;
        const std::size_t end = text_.find('}', pos_);
        if (end == std::string_view::npos) {
            line_ = opened;
            throw error(reason("pgn.comment"));
        }
        const std::string_view body = text_.substr(pos_ + 1, end - pos_ - 1);
        line_ += static_cast<int>(std::count(body.begin(), body.end(), '\n'));
        pos_ = end + 1;
        return clean(body);
    }

    std::string read_line_comment() {
        std::size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) end = text_.size();
        const std::string_view body = text_.substr(pos_ + 1, end - pos_ - 1);
        pos_ = end;
        return clean(body);
    }

    void add_comment(std::string text) {
        if (depth_ > 0 || text.empty()) return;
        std::string& to = cur_.moves.empty() ? cur_.comment : cur_.moves.back().comment;
        to += (to.empty() ? "" : " ") + text;
    }

    void read_token() {
        const std::size_t start = pos_;
        while (pos_ < text_.size() && !ends_token(text_[pos_])) ++pos_;
        std::string_view token = text_.substr(start, pos_ - start);
        // Suffix annotations (!, ?, !?, ...) say how good the move was.
        while (!token.empty() && (token.back() == '!' || token.back() == '?'))
            token.remove_suffix(1);
        if (!token.empty() && depth_ == 0) take_token(token);
    }

    void take_token(std::string_view token) {
        if (is_result(token)) {
            begin(line_);
            cur_.result = normal_result(token);
            finish_game();
            return;
        }
        // A move number, "12." or "12...", maybe glued to its move ("1.c5-c7").
        if (std::isdigit(static_cast<unsigned char>(token.front()))) {
            std::size_t i = 0;
            while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
            if (i == token.size() || token[i] == '.') {
                while (i < token.size() && token[i] == '.') ++i;
                token.remove_prefix(i);
            }
        }
        while (!token.empty() && token.front() == '.') token.remove_prefix(1);
        if (token.empty()) return;
        begin(line_);
        in_moves_ = true;
        // Shatrabase writes each further jump of a capture chain as its own
        // token, ":21", and "pass" where a biy ends its chain early.
        if (token.front() == ':' || token == "pass") {
            if (cur_.moves.empty())
                throw error(reason("pgn.continues", {{"token", std::string(token)}}));
            if (token != "pass") cur_.moves.back().move += token;
            return;
        }
        if (token == "--" || token == "Z0" || token == "0000")
            throw error(reason("pgn.null", {{"token", std::string(token)}}));
        cur_.moves.push_back({std::string(token), "", line_});
    }

    std::string_view text_;
    std::string_view source_;
    std::size_t pos_ = 0;
    int line_ = 1;
    int depth_ = 0;          // variations open
    bool started_ = false;   // the current game has a tag, move or result
    bool in_moves_ = false;  // ... and has reached its moves
    PgnGame cur_;
    std::vector<PgnGame> games_;
};

}  // namespace

std::vector<PgnGame> parse_pgn(std::string_view text, std::string_view source) {
    return PgnScanner(text, source).run();
}

// ---- from PGN to records -----------------------------------------------------

namespace {

// The moves of another program's file in the game's own notation, as the
// game rewrites them (PgnNotation::foreign_moves).
void foreign_moves(const PgnNotation& notation, std::vector<RecordMove>& moves) {
    if (!notation.foreign_moves) return;
    std::vector<std::string> texts;
    for (const RecordMove& m : moves) texts.push_back(m.move);
    notation.foreign_moves(texts);
    for (std::size_t i = 0; i < moves.size(); ++i) moves[i].move = std::move(texts[i]);
}

// A PGN tag name as a record tag key: letters, digits and '_', starting
// with a letter.
std::string record_key(std::string_view name) {
    std::string key;
    for (const char c : name) key += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (!std::isalpha(static_cast<unsigned char>(key.front()))) key.insert(0, "T");
    return key;
}

}  // namespace

namespace {

// The record's tags from the PGN game's, in the order a record lists them,
// but for the Result tag, which the caller settles; `spec` and `spec_line`
// name the game.
Record record_tags(const PgnGame& game, const std::map<std::string, const RecordTag*>& tags,
                   const std::string& spec, int spec_line) {
    auto known = [&](std::string_view key) -> const RecordTag* {
        const auto it = tags.find(std::string(key));
        return it == tags.end() || unknown_value(it->second->value) ? nullptr : it->second;
    };
    Record record;
    record.tags.push_back({std::string(tag::kGame), spec, spec_line});
    const RecordTag* position = known("FEN");
    if (!position && known("SPN") && known("SPN")->value != "0") position = known("SPN");
    if (position)
        record.tags.push_back({std::string(tag::kPosition), position->value, position->line});
    const std::pair<std::string_view, std::string_view> renamed[] = {
        {"Event", "Event"},
        {"Site", "Site"},
        {"Round", "Round"},
        {"White", tag::kFirst},
        {"WhiteLevel", tag::kFirstLevel},
        {"Black", tag::kSecond},
        {"BlackLevel", tag::kSecondLevel},
    };
    for (const auto& [from, to] : renamed)
        if (const RecordTag* t = known(from))
            record.tags.push_back({std::string(to), t->value, t->line});
    if (const RecordTag* t = known("Date")) {
        const std::string date =
            is_date(t->value, '.') ? swap_separator(t->value, '.', '-') : t->value;
        // A date of question marks only is no date.
        if (date.find_first_not_of("?-") != std::string::npos)
            record.tags.push_back({std::string(tag::kDate), date, t->line});
    }
    for (const auto& t : game.tags) {
        if (contains(std::begin(kMappedPgnTags), std::end(kMappedPgnTags), t.key) ||
            unknown_value(t.value))
            continue;
        const std::string key = record_key(t.key);
        if (!record.find_tag(key)) record.tags.push_back({key, t.value, t.line});
    }
    if (!game.comment.empty() && !record.find_tag(kComment))
        record.tags.push_back({std::string(kComment), game.comment, game.line});
    return record;
}

}  // namespace

namespace {

// The game's result and the line that says it: the termination marker, or
// the Result tag when the marker is missing or '*'.
std::pair<std::string, int> pgn_result(const PgnGame& game, const RecordTag* tag) {
    if (tag && (game.result.empty() || game.result == "*"))
        return {normal_result(tag->value), tag->line};
    return {game.result, game.moves.empty() ? game.line : game.moves.back().line};
}

}  // namespace

namespace {

// One PGN game being read: its tags by key (each at most once) and the error
// that names the game and a line.
class PgnReading {
  public:
    PgnReading(const PgnGame& game, int number, std::string_view source)
        : number_(number), source_(source) {
        for (const auto& t : game.tags)
            if (const auto [it, fresh] = tags_.emplace(t.key, &t); !fresh)
                throw fail(t.line,
                           reason("rec.tagTwice", {{"key", t.key}, {"n", it->second->line}}));
    }
    RecordError fail(int line, const nlohmann::json& why) const {
        return RecordError(source_, line, reason("pgn.game", {{"n", number_}, {"why", why}}));
    }
    // The tag `key` if given with a known value ('?' and '-' are unknown).
    const RecordTag* known(std::string_view key) const {
        const auto it = tags_.find(std::string(key));
        return it == tags_.end() || unknown_value(it->second->value) ? nullptr : it->second;
    }
    const std::map<std::string, const RecordTag*>& tags() const { return tags_; }

  private:
    int number_;
    std::string_view source_;
    std::map<std::string, const RecordTag*> tags_;
};

struct PgnGameSpec {
    std::string spec;
    int line = 0;
    const GameInfo* variant = nullptr;
    bool from_spec_tag = false;
};

// The game: GameSpec names it exactly, Variant by name, else the default.
PgnGameSpec pgn_game_spec(const PgnReading& reading, const PgnGame& game,
                          const PgnReadOptions& options) {
    const RecordTag* spec_tag = reading.known(kGameSpec);
    const RecordTag* variant_tag = reading.known(kVariant);
    const GameInfo* named = variant_tag ? variant_by_name(variant_tag->value) : nullptr;
    if (variant_tag && !named)
        throw reading.fail(
            variant_tag->line,
            reason("pgn.variant", {{"name", variant_tag->value}, {"list", pgn_game_words(true)}}));
    PgnGameSpec out;
    out.from_spec_tag = spec_tag != nullptr;
    out.spec = spec_tag ? spec_tag->value : named ? named->id : unnamed_game_spec(options);
    out.line = spec_tag ? spec_tag->line : variant_tag ? variant_tag->line : game.line;
    out.variant = variant_by_id(spec_id(out.spec));
    if (!out.variant)
        throw reading.fail(out.line, reason("pgn.notCovered",
                                            {{"spec", out.spec}, {"list", pgn_game_words(false)}}));
    if (named && named != out.variant)
        throw reading.fail(
            variant_tag->line,
            reason("pgn.mismatch", {{"variant", variant_tag->value}, {"spec", out.spec}}));
    return out;
}

}  // namespace

LoadedGame pgn_game_to_record(const PgnGame& game, int number, std::string_view source,
                              const PgnReadOptions& options) {
    const PgnReading reading(game, number, source);
    const PgnGameSpec spec = pgn_game_spec(reading, game, options);
    Record record = record_tags(game, reading.tags(), spec.spec, spec.line);
    for (const auto& m : game.moves)
        record.moves.push_back(
            {replace_all(m.move, spec.variant->pgn->replacement, spec.variant->pgn->reserved),
             m.comment, m.line});
    if (!spec.from_spec_tag) foreign_moves(*spec.variant->pgn, record.moves);

    // An unfinished result ('*' or none) is settled by replaying.
    const auto [result, result_line] = pgn_result(game, reading.known("Result"));
    if (!result.empty() && !is_result(result))
        throw reading.fail(result_line, reason("pgn.result", {{"result", result}}));
    const std::size_t result_at =
        record.find_tag(tag::kDate)
            ? static_cast<std::size_t>(record.find_tag(tag::kDate) - record.tags.data()) + 1
            : record.tags.size();
    const bool decided = !result.empty() && result != "*";
    if (decided)
        record.tags.insert(record.tags.begin() + static_cast<std::ptrdiff_t>(result_at),
                           {std::string(tag::kResult), result, result_line});

    LoadedGame loaded;
    try {
        loaded = replay_record(std::move(record));
    } catch (const RecordError& e) {
        // What is wrong, placed again in the PGN text and this game.
        throw reading.fail(e.line() > 0 ? e.line() : game.line, e.why());
    }
    if (!decided)
        loaded.record.tags.insert(
            loaded.record.tags.begin() + static_cast<std::ptrdiff_t>(result_at),
            {std::string(tag::kResult), loaded.game->result(), result_line});
    return loaded;
}

bool pgn_covers(std::string_view id) {
    return variant_by_id(id) != nullptr;
}

std::vector<LoadedGame> read_pgn(std::string_view text, std::string_view source,
                                 const PgnReadOptions& options) {
    const std::vector<PgnGame> games = parse_pgn(text, source);
    if (games.empty()) throw RecordError(source, 0, reason("pgn.none"));
    std::vector<LoadedGame> out;
    out.reserve(games.size());
    for (std::size_t i = 0; i < games.size(); ++i)
        out.push_back(pgn_game_to_record(games[i], static_cast<int>(i) + 1, source, options));
    return out;
}

std::vector<LoadedGame> load_pgn_file(const std::string& path, const PgnReadOptions& options) {
    return read_pgn(read_text_file(path, kMaxPgnBytes), path, options);
}

bool looks_like_pgn(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '%' && (i == 0 || text[i - 1] == '\n')) {
            i = std::min(text.find('\n', i), text.size());
        } else if (!std::isspace(static_cast<unsigned char>(c))) {
            return c == '[' || c == '{';
        }
    }
    return false;
}

// ---- from records to PGN -----------------------------------------------------

namespace {

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
