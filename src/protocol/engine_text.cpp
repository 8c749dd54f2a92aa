// The words of the engine protocol's commands (engine_text.h).
#include "protocol/engine_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace asterism::engine_text {

namespace {

std::string format_winrate(double w) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.4f", w);
    return buf;
}

std::string format_share(double v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

// The ownership part of an analysis line, as KataGo's kata-analyze ends its
// lines: " ownership V ..." with one value per cell in cell id order, the
// share of playouts in which the player to move owns the cell minus the
// opponent's share (from -1 to 1). A game that scores first gives the
// expected scores and peries, the player to move's first.
std::string ownership_part(const OwnershipEstimate& e, Player mover) {
    const bool second = mover == Player::Second;
    std::string out;
    if (e.scored) {
        const int me = second ? 1 : 0;
        out += " score " + format_share(e.score[me]) + " " + format_share(e.score[1 - me]) +
               " peries " + format_share(e.territory[me]) + " " + format_share(e.territory[1 - me]);
    }
    out += " ownership";
    for (std::size_t c = 0; c < e.first.size(); ++c) {
        const double v = e.first[c] - e.second[c];
        out += " " + format_share(second ? -v : v);
    }
    return out;
}

}  // namespace

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string join(const std::vector<std::string>& words, std::string_view sep) {
    std::string out;
    for (const auto& w : words) {
        if (!out.empty()) out += sep;
        out += w;
    }
    return out;
}

std::string color_name(const Game& game, Player p) {
    return p == Player::None ? "none" : lower(game.player_name(p));
}

Player parse_color(const Game& game, std::string_view text) {
    static const char* const kOrdinals[2][2] = {{"1", "first"}, {"2", "second"}};
    const std::string word = lower(text);
    const int players = game.num_players();
    std::vector<std::string> names;
    for (int i = 0; i < players; ++i) names.push_back(color_name(game, static_cast<Player>(i)));
    const bool initials_differ = players == 1 || names[0].substr(0, 1) != names[1].substr(0, 1);
    for (int i = 0; i < players; ++i) {
        const bool initial = initials_differ && word.size() == 1 && names[i].starts_with(word);
        if (word == names[i] || initial || word == kOrdinals[i][0] || word == kOrdinals[i][1])
            return static_cast<Player>(i);
    }
    std::string accepted = join(names, " or ");
    if (initials_differ && players == 2)
        accepted += ", " + names[0].substr(0, 1) + " or " + names[1].substr(0, 1);
    accepted += players == 1 ? ", 1 or first" : ", 1 or 2, first or second";
    throw GameError("unknown colour '" + std::string(text) + "'; use " + accepted);
}

double parse_seconds(const std::string& text) {
    const double s = parse_number<double>(text, "time");
    if (!std::isfinite(s) || s < 0) throw GameError("bad time '" + text + "'");
    return s;
}

int parse_count(const std::string& text, const char* what) {
    const int n = parse_number<int>(text, what);
    if (n < 0) throw GameError("bad " + std::string(what) + " '" + text + "'");
    return n;
}

std::string info_line(const Analysis& a, Player mover) {
    std::string out;
    for (const auto& c : a.candidates) {
        if (!out.empty()) out += ' ';
        out += "info move " + c.move + " visits " + std::to_string(c.visits) + " winrate " +
               format_winrate(c.winrate);
        if (c.proven != 0)
            out +=
                " proven " + std::string(c.proven > 0 ? "+" : "-") + std::to_string(c.proven_plies);
        out += " pv " + join(c.pv, " ");
    }
    if (!a.ownership.empty()) out += ownership_part(a.ownership, mover);
    return out + "\n";
}

}  // namespace asterism::engine_text
