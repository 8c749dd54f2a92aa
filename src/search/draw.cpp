#include "search/draw.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace asterism {

int repetitions(const Game& game) {
    // Walk back through the game on a copy, collecting the hash of every
    // position from the current one to the start.
    std::vector<std::uint64_t> keys{game.hash()};
    if (!game.history().empty()) {
        auto copy = game.clone();
        while (copy->undo()) keys.push_back(copy->hash());
    }
    const auto count = [&](std::uint64_t key) {
        return static_cast<int>(std::count(keys.begin(), keys.end(), key));
    };
    return keys.size() > 1 ? std::max(count(keys[0]), count(keys[1])) : 1;
}

namespace {

// Whether a rule that needs no evaluation settles the question.
bool hard_rule(const Game& game, const DrawPolicy& policy, int reps) {
    return static_cast<int>(game.history().size()) >= policy.ply_cap ||
           reps >= policy.forced_repetitions;
}

bool can_draw(const Game& game) {
    return game.num_players() == 2 && !game.terminal();
}

}  // namespace

bool computer_offers_draw(const Game& game, int last_offer_ply, const DrawRating& rating,
                          const DrawPolicy& policy) {
    if (!can_draw(game)) return false;
    const int ply = static_cast<int>(game.history().size());
    if (last_offer_ply >= 0 && ply - last_offer_ply < policy.reoffer_plies) return false;
    // The cap needs no walk through the game; repetitions are counted only
    // below it.
    if (ply >= policy.ply_cap) return true;
    const int reps = repetitions(game);
    if (hard_rule(game, policy, reps)) return true;
    if (reps < policy.offer_repetitions) return false;
    const std::optional<double> r = rating();
    return r && std::abs(*r - 0.5) <= policy.even_margin;
}

bool computer_accepts_draw(const Game& game, const DrawRating& rating, const DrawPolicy& policy) {
    if (!can_draw(game)) return false;
    if (hard_rule(game, policy, repetitions(game))) return true;
    const std::optional<double> r = rating();
    if (!r) return false;
    if (*r <= policy.losing) return true;
    // Dead even counts only where the game goes round in circles: an
    // offer in an even opening is declined, as a player would.
    return repetitions(game) >= policy.accept_repetitions &&
           std::abs(*r - 0.5) <= policy.even_margin;
}

std::optional<double> analysis_rating(const Analysis& analysis) {
    // A player without a search reports no effort (see Agent::analyze).
    if (analysis.candidates.empty() || analysis.playouts == 0) return std::nullopt;
    return analysis.candidates.front().winrate;
}

std::optional<double> search_rating(Agent& agent, const Game& game, Player who, Rng& rng) {
    if (game.terminal() || who == Player::None) return std::nullopt;
    const std::optional<double> r = analysis_rating(agent.analyze(game, rng, {}, nullptr));
    if (!r) return std::nullopt;
    return game.to_move() == who ? *r : 1 - *r;
}

int DrawOffers::last_offer_ply(Player p) const {
    return p == Player::None ? -1 : last_offer_[index(p)];
}

void DrawOffers::offer(Player by, int ply) {
    offered_by_ = by;
    if (by != Player::None) last_offer_[index(by)] = ply;
}

void DrawOffers::accept() {
    offered_by_ = Player::None;
    agreed_ = true;
}

void DrawOffers::decline() {
    offered_by_ = Player::None;
}

void DrawOffers::moved(Player mover) {
    if (offered_by_ != Player::None && offered_by_ != mover) offered_by_ = Player::None;
}

void DrawOffers::clear() {
    *this = DrawOffers();
}

}  // namespace asterism
