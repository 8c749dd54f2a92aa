// *Star's puzzle themes (learn/puzzles.h; docs/learn.md, "Themes"): what
// the first move of a proven line does to the section-5 estimate, the
// reading a player makes of a board that is not full.
#include <string>
#include <vector>

#include "games/starstar/starstar.h"

namespace asterism::starstar {

// quark-swing: the first move changes how many quarks either side owns by
// the estimate; star-swing: it changes how many stars either side has (a
// star joined, cut or made, two points each way).
std::vector<std::string> State::line_themes(const std::vector<Move>& line) const {
    std::vector<std::string> out;
    if (line.empty() || line.front().is_swap()) return out;
    State s = *this;
    const Score before = s.estimate();
    s.apply(line.front());
    const Score after = s.full() ? s.exact_score() : s.estimate();
    bool quarks = false, stars = false;
    for (int p = 0; p < 2; ++p) {
        const auto k = static_cast<std::size_t>(p);
        quarks = quarks || before.side[k].quarks != after.side[k].quarks;
        stars = stars || before.side[k].stars != after.side[k].stars;
    }
    if (quarks) out.emplace_back("quark-swing");
    if (stars) out.emplace_back("star-swing");
    return out;
}

}  // namespace asterism::starstar
