// A tournament's log (tournament.h): its settings, the events that change
// it, replaying them on start, storing each new one, and reading its games'
// results from their own rows.
#include <stdexcept>

#include "core/text.h"
#include "server/game_service.h"
#include "server/json_args.h"
#include "server/tournaments/tournament.h"

namespace asterism::server {

namespace tournament {

json settings_json(const Settings& s) {
    return {{"name", s.name},           {"spec", s.spec},
            {"format", s.format},       {"clock", s.clock},
            {"rated", s.rated},         {"double", s.double_round},
            {"streak", s.streak},       {"rounds", s.rounds},
            {"minutes", s.minutes},     {"max_players", s.max_players},
            {"starts_ms", s.starts_ms}, {"creator_name", s.creator_name}};
}

Settings settings_from(const json& j) {
    Settings s;
    s.name = j.at("name");
    s.spec = j.at("spec");
    s.format = j.at("format");
    s.clock = j.at("clock");
    s.rated = j.at("rated");
    s.double_round = j.at("double");
    s.streak = j.at("streak");
    s.rounds = j.at("rounds");
    s.minutes = j.at("minutes");
    s.max_players = j.at("max_players");
    s.starts_ms = j.at("starts_ms");
    s.creator_name = j.value("creator_name", "");
    return s;
}

namespace {

Entrant& entrant(TournamentService::Tournament& t, const json& d) {
    const int i = d.at("player").get<int>();
    if (i < 0 || static_cast<std::size_t>(i) >= t.players.size())
        throw std::runtime_error("no player " + std::to_string(i));
    return t.players[static_cast<std::size_t>(i)];
}

// A "pair" event: rounds, each with its boards [white, black, game id].
void apply_pairing(TournamentService::Tournament& t, const json& d) {
    for (const json& r : d.at("rounds")) {
        Round round;
        round.bye = r.value("bye", -1);
        for (const json& b : r.at("boards")) {
            Board board;
            board.white = b.at(0).get<int>();
            board.black = b.at(1).get<int>();
            board.game = b.at(2).get<std::string>();
            const int n = static_cast<int>(t.players.size());
            if (board.white < 0 || board.white >= n || board.black < 0 || board.black >= n ||
                board.white == board.black)
                throw std::runtime_error("a pairing names no such pair of players");
            round.boards.push_back(board);
        }
        t.rounds.push_back(std::move(round));
    }
}

}  // namespace

void apply_event(TournamentService::Tournament& t, const std::string& type, const json& d) {
    if (type == "create") {
        t.network = d.value("network", "");
    } else if (type == "enter") {
        const std::int64_t account = d.at("account").get<std::int64_t>();
        int known = t.player_of(account);
        if (known < 0) {
            t.players.push_back({account, d.at("name").get<std::string>()});
            known = static_cast<int>(t.players.size()) - 1;
        }
        Entrant& e = t.players[static_cast<std::size_t>(known)];
        e.left = false;  // back after leaving
        ++e.entries;
        ++t.player_events;
    } else if (type == "leave") {
        entrant(t, d).left = true;
        ++t.player_events;
    } else if (type == "withdraw") {
        entrant(t, d).withdrawn = true;
        ++t.player_events;
    } else if (type == "pause" || type == "resume") {
        Entrant& e = entrant(t, d);
        e.paused = type == "pause";
        e.pauses += e.paused ? 1 : 0;
        ++t.player_events;
    } else if (type == "start") {
        t.row.status = "running";
        t.started_ms = d.at("at").get<std::int64_t>();
    } else if (type == "pair") {
        apply_pairing(t, d);
    } else if (type == "finish" || type == "cancel") {
        t.row.status = type == "finish" ? "finished" : "cancelled";
        t.reason = d.value("reason", "");
        t.reason_code = d.value("reason_code", json());
    } else {
        throw std::runtime_error("unknown event '" + printable(type, 40) + "'");
    }
}

}  // namespace tournament

namespace {

// Whether each seat of the stored game made a move: a game that ended
// before both had moved (resigned or flagged at once) is an abort in every
// tournament, so two accounts cannot farm points from games nobody played.
bool both_sides_moved(const store::Store& store, const std::string& game) {
    bool moved[2] = {false, false};
    for (const store::EventRow& e : store.events(game)) {
        if (e.type != "move") continue;
        const nlohmann::json d = nlohmann::json::parse(e.data, nullptr, false);
        const int by = d.is_object() ? d.value("by", -1) : -1;
        if (by == 0 || by == 1) moved[by] = true;
        if (moved[0] && moved[1]) return true;
    }
    return false;
}

}  // namespace

using namespace tournament;

int TournamentService::Tournament::player_of(std::int64_t account) const {
    for (std::size_t i = 0; i < players.size(); ++i)
        if (players[i].account == account && account != 0) return static_cast<int>(i);
    return -1;
}

std::int64_t TournamentService::Tournament::ends_ms() const {
    if (s.format != "arena" || started_ms == 0) return 0;
    return started_ms + std::int64_t{s.minutes} * 60000;
}

std::shared_ptr<TournamentService::Tournament> TournamentService::load(const store::Store& store,
                                                                       const std::string& id) {
    const auto row = store.tournament(id);
    if (!row) fail("tour.none", {{"id", printable(id, kMaxQuoted)}});
    auto t = std::make_shared<Tournament>();
    try {
        t->row = *row;
        t->s = settings_from(json::parse(row->settings));
        t->row.status = "entry";
        for (const store::EventRow& e : store.tournament_events(id))
            apply_event(*t, e.type, json::parse(e.data));
    } catch (const std::exception& e) {
        throw store::StoreError("database " + store.file() + ": tournament " + id +
                                " does not replay: " + e.what());
    }
    t->row = *row;
    return t;
}

void TournamentService::commit(Tournament& t, const std::string& type, json data) {
    apply_event(t, type, data);
    const std::int64_t at = now();
    t.row.updated_ms = at;
    ++t.row.last_seq;
    try {
        store_.append_tournament(t.row, {t.row.last_seq, at, type, data.dump()});
    } catch (const store::StoreError&) {
        // The log is the truth: the tournament goes back to what it says.
        const auto fresh = load(t.row.id);
        t.row = fresh->row;
        t.players = fresh->players;
        t.rounds = fresh->rounds;
        t.reason = fresh->reason;
        t.reason_code = fresh->reason_code;
        t.started_ms = fresh->started_ms;
        t.network = fresh->network;
        t.player_events = fresh->player_events;
        settle_games(t);
        fail("server.saveTournament");
    }
    publish(t);
}

// The live stream's view carries no viewer's own part ("you", "can"): a
// page asks for those with GET.
void TournamentService::publish(Tournament& t) {
    const json v = view(t, 0, false);
    hub_.publish("t" + t.row.id, {(t.row.last_seq << 20) + t.results, "tournament", v.dump()});
}

void TournamentService::settle_games(Tournament& t) {
    std::uint64_t ended = 0;
    for (Round& r : t.rounds)
        for (Board& b : r.boards) {
            if (!b.done) {
                auto row = store_.game(b.game);
                if (!row) {
                    GameService::Paired p;
                    p.id = b.game;
                    p.spec = t.s.spec;
                    p.clock = t.s.clock;
                    p.rated = t.s.rated;
                    p.tournament = t.row.id;
                    for (int i : {0, 1}) {
                        const Entrant& e =
                            t.players[static_cast<std::size_t>(i ? b.black : b.white)];
                        p.accounts[static_cast<std::size_t>(i)] = e.account;
                        p.names[static_cast<std::size_t>(i)] = e.name;
                    }
                    games_.create_paired(p);
                    row = store_.game(b.game);
                }
                if (row && (row->status == "finished" || row->status == "aborted")) {
                    b.done = true;
                    b.aborted = row->status == "aborted" || !both_sides_moved(store_, b.game);
                    b.result = b.aborted ? "*" : row->result;
                    b.ended_ms = row->updated_ms;
                }
            }
            if (b.done) ++ended;
        }
    t.results = ended;
}

}  // namespace asterism::server
