// The syntax of PGN text (pgn.h's parse_pgn and looks_like_pgn): a text split
// into games, each its tags, the main line's move tokens with their
// comments, and its termination marker; what the tokens mean is pgn.cpp's.
#include <algorithm>
#include <cctype>
#include <cstring>

#include "core/errors.h"
#include "record/pgn.h"
#include "record/pgn_text.h"

namespace asterism {

using namespace pgn;

namespace {

// What ends a move token: white space and the characters of other tokens.
bool ends_token(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || (c && std::strchr("{}()[];\"$", c));
}

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

}  // namespace asterism
