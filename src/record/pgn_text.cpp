// The shared words of PGN text (pgn_text.h): the covered games and the
// forms of a symbol, a comment, a result and a date.
#include "record/pgn_text.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace asterism::pgn {

std::vector<const GameInfo*> pgn_games() {
    std::vector<const GameInfo*> out;
    for (const GameInfo* info : Registry::instance().all())
        if (info->pgn) out.push_back(info);
    return out;
}

std::string pgn_game_words(bool names) {
    const std::vector<const GameInfo*> games = pgn_games();
    std::string out;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (i > 0) out += names && i + 1 == games.size() ? " and " : ", ";
        out += names ? games[i]->pgn->variant : games[i]->id;
    }
    return out;
}

const GameInfo* variant_by_id(std::string_view id) {
    const GameInfo* info = Registry::instance().find(id);
    return info && info->pgn ? info : nullptr;
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

bool is_pgn_symbol(std::string_view s) {
    return !s.empty() && std::isalnum(static_cast<unsigned char>(s.front())) &&
           std::all_of(s.begin(), s.end(), is_symbol_char);
}

std::string clean(std::string_view s) {
    std::string out;
    for (const char c : s) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
    const auto first = out.find_first_not_of(' ');
    if (first == std::string::npos) return {};
    return out.substr(first, out.find_last_not_of(' ') - first + 1);
}

bool is_result(std::string_view r) {
    return r == "1-0" || r == "0-1" || r == "1/2-1/2" || r == "*" || r == "1/2";
}

std::string normal_result(std::string_view r) {
    return r == "1/2" ? "1/2-1/2" : std::string(r);
}

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

}  // namespace asterism::pgn
