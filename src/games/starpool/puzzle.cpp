// Star Pool Chess's puzzle themes (learn/puzzles.h; docs/learn.md,
// "Themes"): what the moves of a proven line do and how the game ends.
#include <sstream>
#include <string>
#include <vector>

#include "games/starpool/starpool.h"

namespace asterism::starpool {

// With the attacker the side to move here and `line` a win for it, the
// attacker's moves (every other one from the first) show
//   promotion: a man promoted;
//   wizard-swap: a Wizard's swap with a friendly man;
// and the end of the line is one of mate, stalemate (the stalemated side
// loses) or bare-king.
std::vector<std::string> State::line_themes(const std::vector<Move>& line) const {
    State s = *this;
    bool promotion = false, swap = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const Move m = line[i];
        if (i % 2 == 0) {
            promotion = promotion || m.promotion != kNoKind;
            swap = swap || (m.flags & kSwap);
        }
        s.apply(m);
    }
    std::vector<std::string> out;
    if (promotion) out.emplace_back("promotion");
    if (swap) out.emplace_back("wizard-swap");
    const std::string ending = s.end_reason();
    if (ending == "checkmate") out.emplace_back("mate");
    if (ending == "stalemate") out.emplace_back("stalemate");
    if (ending == "bare king") out.emplace_back("bare-king");
    return out;
}

// The same men with the other side to move (the side-to-move field, the
// third of the position string, flipped); none when the side to move is in
// check, since passing would leave its King to be taken.
std::string State::passed_position() const {
    if (in_check()) return "";
    std::istringstream in(position());
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    if (fields.size() < 3) return "";
    fields[2] = fields[2] == "w" ? "b" : "w";
    std::string out;
    for (const std::string& f : fields) out += (out.empty() ? "" : " ") + f;
    return out;
}

}  // namespace asterism::starpool
