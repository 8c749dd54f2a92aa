// A game in progress (table.h).
#include "table/table.h"

#include "core/errors.h"
#include "search/players.h"

namespace asterism {

namespace {

constexpr std::string_view kResignation = "resignation";
constexpr std::string_view kTimeForfeit = "time forfeit";

std::string_view seat_tag(Player p) {
    return p == Player::First ? tag::kFirst : tag::kSecond;
}
std::string_view level_tag(Player p) {
    return p == Player::First ? tag::kFirstLevel : tag::kSecondLevel;
}

// The side a decisive Result names the loser of, on a game whose moves did
// not end it: a resignation (or a loss on time) recorded before.
Player loser_by_record(const Record& record, const Game& game) {
    if (game.terminal() || game.num_players() != 2 || drawn_by_agreement(record))
        return Player::None;
    const std::string result = record.tag_value(tag::kResult);
    if (result == "1-0") return Player::Second;
    if (result == "0-1") return Player::First;
    return Player::None;
}

}  // namespace

Seat Seat::computer_player(const std::string& player) {
    return {Kind::Computer, canonical_player(player)};
}

Seat parse_seat(const std::string& text, const Game& game) {
    if (text == "human" || text == "person") return Seat::person();
    make_player(text, game);  // checks it against the game; throws GameError
    return Seat::computer_player(text);
}

ComputerTurn plan_computer_turn(const Game& game, const DrawOffers& draws, Agent& agent, Rng& rng,
                                TurnOptions options) {
    ComputerTurn turn;
    turn.player = game.to_move();
    const bool offered = options.answer_draws && draws.offered_by() == opponent(turn.player);
    // One analysis serves the answer to an offer, the move and its rating.
    if (options.analyse || offered) turn.analysis = agent.analyze(game, rng, {}, nullptr);
    const std::optional<Analysis>& a = turn.analysis;
    if (offered) {
        turn.answered_draw = computer_accepts_draw(game, [&] { return analysis_rating(*a); });
        if (*turn.answered_draw) return turn;
    }
    turn.move = a && !a->candidates.empty() ? a->candidates.front().move : agent.choose(game, rng);
    if (!options.answer_draws) return turn;
    auto after = game.clone();
    after->play(*turn.move);
    turn.offers_draw = computer_offers_draw(*after, draws.last_offer_ply(turn.player), [&] {
        return a ? analysis_rating(*a) : search_rating(agent, *after, turn.player, rng);
    });
    return turn;
}

bool computer_accepts_offer(const Game& game, Player who, Agent& agent, Rng& rng) {
    return computer_accepts_draw(game, [&] { return search_rating(agent, game, who, rng); });
}

Table::Table(std::unique_ptr<Game> game, std::string start_position, Record record)
    : game_(std::move(game)),
      start_position_(std::move(start_position)),
      record_(std::move(record)) {
    if (drawn_by_agreement(record_)) draws_.set_agreed();
    resigned_ = loser_by_record(record_, *game_);
}

Table::Table(LoadedGame loaded)
    : Table(std::move(loaded.game), std::move(loaded.start_position), std::move(loaded.record)) {}

void Table::set_seat(Player p, Seat seat) {
    const auto i = static_cast<std::size_t>(index(p));
    seats_[i] = std::move(seat);
    agents_[i].reset();
}

bool Table::computer_to_move() const {
    return !over() && seat(game_->to_move()).computer();
}

Agent& Table::agent(Player p) {
    const auto i = static_cast<std::size_t>(index(p));
    if (!seats_[i].computer()) throw error("game.person", {{"sideGen", game_->player_name(p)}});
    if (!agents_[i]) agents_[i] = make_player(seats_[i].player, *game_, seed_);
    return *agents_[i];
}

bool Table::over() const {
    return game_->terminal() || draws_.agreed() || resigned_ != Player::None;
}

std::string Table::result() const {
    if (draws_.agreed()) return "1/2-1/2";
    if (resigned_ != Player::None) return resigned_ == Player::First ? "0-1" : "1-0";
    return game_->result();
}

std::string OutcomeWords::text() const {
    if (kind == "wins") return side + " wins";
    if (kind == "resigns") return side + " resigns";
    if (kind == "time") return side + " loses on time";
    if (kind == "draw") return "Draw";
    if (kind == "agreed") return "Draw by agreement";
    if (kind == "won") return "Won";
    if (kind == "lost") return "Lost";
    return "";
}

OutcomeWords outcome_words(const Game& game) {
    const Outcome o = game.outcome();
    switch (o.kind) {
        case Outcome::Kind::Ongoing:
            return {};
        case Outcome::Kind::Draw:
            return {"draw", ""};
        case Outcome::Kind::Loss:
            return {"lost", ""};
        case Outcome::Kind::Win:
            if (game.num_players() == 1) return {"won", ""};
            return {"wins", game.player_name(o.winner)};
    }
    return {};
}

std::string outcome_text(const Game& game) {
    return outcome_words(game).text();
}

OutcomeWords Table::outcome_words() const {
    if (draws_.agreed()) return {"agreed", ""};
    if (resigned_ != Player::None)
        return {on_time_ ? "time" : "resigns", game_->player_name(resigned_)};
    return asterism::outcome_words(*game_);
}

std::string Table::outcome_text() const {
    return outcome_words().text();
}

nlohmann::json Table::over_reason() const {
    if (draws_.agreed()) return reason("over.agreed", {{"result", result()}});
    if (resigned_ != Player::None)
        return reason(on_time_ ? EngineCode("over.time") : EngineCode("over.resigned"),
                      {{"result", result()}, {"sideGen", game_->player_name(resigned_)}});
    return reason("over.result", {{"result", result()}});
}

std::string Table::over_message() const {
    return reason_line(over_reason());
}

void Table::check_playing() const {
    if (over()) throw error("over.rules.noMoves", {{"why", over_reason()}});
}

void Table::play(std::string_view move) {
    check_playing();
    const Player mover = game_->to_move();
    game_->play(move);
    draws_.moved(mover);
}

ComputerTurn Table::computer_turn(Rng& rng) {
    check_playing();
    ComputerTurn turn = plan_computer_turn(*game_, draws_, agent(game_->to_move()), rng);
    apply(turn);
    return turn;
}

void Table::apply(const ComputerTurn& turn) {
    check_playing();
    if (turn.player != game_->to_move()) throw error("game.changed");
    if (turn.answered_draw) {
        if (*turn.answered_draw) return draws_.accept();
        draws_.decline();
    }
    if (!turn.move) return;
    play(*turn.move);
    if (turn.offers_draw) draws_.offer(turn.player, static_cast<int>(game_->history().size()));
}

int Table::undo(UndoTo to, int count) {
    int undone = 0;
    if (to == UndoTo::OneMove) {
        while (undone < count && game_->undo()) ++undone;
    } else {
        while (game_->undo()) {
            ++undone;
            const Player p = game_->to_move();
            if (p != Player::None && !seat(p).computer()) break;
        }
    }
    if (undone > 0) {
        draws_.clear();
        resigned_ = Player::None;
    }
    return undone;
}

void Table::restart() {
    while (game_->undo()) {
    }
    draws_.clear();
    resigned_ = Player::None;
    clock_.reset();
}

void Table::set_position(std::string_view position) {
    game_->set_position(position);
    start_position_ = game_->position();
    draws_.clear();
    resigned_ = Player::None;
}

void Table::resign(Player p) {
    check_playing();
    if (game_->num_players() != 2) throw error("game.oneResign");
    resigned_ = p;
    on_time_ = false;
}

void Table::lose_on_time(Player p) {
    check_playing();
    if (game_->num_players() != 2) throw error("game.oneClock");
    resigned_ = p;
    on_time_ = true;
}

std::optional<bool> Table::offer_draw(Player by, Rng& rng) {
    check_playing();
    if (game_->num_players() != 2) throw error("game.oneDraws");
    const Player other = opponent(by);
    if (draws_.offered_by() == other) {
        // Offering back what the other side offers is agreeing.
        draws_.accept();
        return true;
    }
    draws_.offer(by, static_cast<int>(game_->history().size()));
    if (!seat(other).computer()) return std::nullopt;
    const bool yes = computer_accepts_offer(*game_, other, agent(other), rng);
    yes ? draws_.accept() : draws_.decline();
    return yes;
}

void Table::answer_draw(bool accept) {
    check_playing();
    if (draws_.offered_by() == Player::None) throw error("game.noOffer");
    accept ? draws_.accept() : draws_.decline();
}

void Table::apply_draw_answer(Player by, bool accepted) {
    check_playing();
    draws_.offer(by, static_cast<int>(game_->history().size()));
    accepted ? draws_.accept() : draws_.decline();
}

Record Table::record() const {
    Record r = record_;
    for (int i = 0; i < game_->num_players(); ++i) {
        const Player p = static_cast<Player>(i);
        const Seat& s = seat(p);
        r.set_tag(seat_tag(p), s.computer() ? "asterism" : "human");
        if (s.computer())
            r.set_tag(level_tag(p), s.player);
        else
            r.erase_tag(level_tag(p));
    }
    update_record(r, *game_, start_position_);
    apply_agreement(r, *game_, draws_.agreed());
    if (resigned_ != Player::None) {
        r.set_tag(tag::kResult, result());
        r.set_tag(tag::kTermination, std::string(on_time_ ? kTimeForfeit : kResignation));
    }
    if (clock_.control().kind != TimeControl::Kind::None)
        r.set_tag(tag::kTimeControl, clock_.control().describe());
    if (!r.find_tag(tag::kDate)) r.set_tag(tag::kDate, today_utc());
    return r;
}

void Table::save(const std::string& path) {
    Record r = record();
    save_record_file(path, r);
    record_ = std::move(r);
}

}  // namespace asterism
