// The asterism command-line tool: one binary, many subcommands (DESIGN.md
// habit 9). Every subcommand talks to games through the type-erased face and
// the registry, so it knows no game by name. Bad input of any kind ends in a
// one-line "error: ..." on stderr and exit code 2.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cmd_pgn.h"
#include "core/registry.h"
#include "protocol/engine.h"
#include "record/record.h"
#include "search/agent.h"
#include "search/engines.h"
#include "search/match.h"
#include "server/http.h"

namespace asterism {
namespace {

constexpr int kBadInput = 2;

std::vector<std::string> split_moves(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string m; in >> m;) out.push_back(m);
    return out;
}

// Creates the game, sets the position and replays the moves, naming the
// failing move and its number if one is bad.
std::unique_ptr<Game> setup_game(const std::string& spec, const std::string& position,
                                 const std::string& moves) {
    auto game = Registry::instance().create(spec);
    if (!position.empty()) game->set_position(position);
    int number = 0;
    for (const auto& m : split_moves(moves)) {
        ++number;
        try {
            game->play(m);
        } catch (const GameError& e) {
            throw GameError("move " + std::to_string(number) + " '" + m + "': " + e.what());
        }
    }
    return game;
}

std::string player_label(const Game& g, Player p) {
    return p == Player::None ? "none" : g.player_name(p);
}

// ---- games -------------------------------------------------------------------

int cmd_games(bool json) {
    nlohmann::json all = nlohmann::json::array();
    for (const GameInfo* info : Registry::instance().all()) all.push_back(game_info_json(*info));
    if (json) {
        std::cout << all.dump(2) << "\n";
        return 0;
    }
    for (const auto& g : all) {
        std::cout << g["id"].get<std::string>() << "  " << g["title"].get<std::string>() << " - "
                  << g["summary"].get<std::string>() << "\n";
        for (const auto& o : g["options"]) {
            std::string allowed;
            if (o["type"] == "bool") allowed = "true|false";
            if (o["type"] == "seed") allowed = "0..18446744073709551615";
            for (const auto& a : o["allowed"])
                allowed += (allowed.empty() ? "" : "|") + a.get<std::string>();
            std::printf("    %-12s %-5s default %-8s allowed %s\n        %s\n",
                        o["name"].get<std::string>().c_str(), o["type"].get<std::string>().c_str(),
                        o["default"].get<std::string>().c_str(), allowed.c_str(),
                        o["help"].get<std::string>().c_str());
        }
    }
    return 0;
}

// ---- state -------------------------------------------------------------------

nlohmann::json state_json(const Game& g) {
    return {{"game", g.spec()},
            {"position", g.position()},
            {"to_move", player_label(g, g.to_move())},
            {"legal", g.legal_moves()},
            {"terminal", g.terminal()},
            {"result", g.result()},
            {"score", g.score()},
            {"history", g.history()},
            {"hash", g.hash()}};
}

void print_state(const Game& g) {
    std::cout << g.render() << "game:     " << g.spec() << "\n"
              << "position: " << g.position() << "\n"
              << "to move:  " << player_label(g, g.to_move()) << "\n"
              << "result:   " << g.result() << "\n"
              << "legal:    " << g.legal_moves().size() << " moves\n";
}

int cmd_state(const std::string& spec, const std::string& position, const std::string& moves,
              bool json) {
    auto g = setup_game(spec, position, moves);
    if (json) {
        std::cout << state_json(*g).dump() << "\n";
        return 0;
    }
    print_state(*g);
    return 0;
}

// ---- perft -------------------------------------------------------------------

int cmd_perft(const std::string& spec, int depth, const std::string& position,
              const std::string& moves, bool divide) {
    if (depth < 0) throw GameError("perft depth must be 0 or more");
    auto g = setup_game(spec, position, moves);
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::pair<std::string, std::uint64_t>> parts;
    const std::uint64_t nodes = g->perft(depth, divide, &parts);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const auto& [m, n] : parts) std::cout << m << ": " << n << "\n";
    std::fprintf(stderr, "perft %d: %.3f s, %.0f nodes/s\n", depth, secs,
                 secs > 0 ? static_cast<double>(nodes) / secs : 0.0);
    std::cout << "nodes: " << nodes << "\n";
    return 0;
}

// ---- bench -------------------------------------------------------------------

int cmd_bench(std::uint64_t games, std::uint64_t seed) {
    std::uint64_t signature = 0;
    std::printf("%-44s %10s %12s %14s %10s\n", "game", "games", "games/s", "moves/s", "check");
    for (const GameInfo* info : Registry::instance().all()) {
        std::vector<std::string> specs = info->bench_specs;
        if (specs.empty()) specs.push_back(info->id);
        for (const auto& spec : specs) {
            auto g = Registry::instance().create(spec);
            Rng rng(seed);
            const PlayoutStats st = g->random_playouts(rng, games, 1e9);
            signature += st.moves;
            std::printf("%-44s %10llu %12.0f %14.0f %10llu\n", g->spec().c_str(),
                        static_cast<unsigned long long>(st.games),
                        static_cast<double>(st.games) / st.seconds,
                        static_cast<double>(st.moves) / st.seconds,
                        static_cast<unsigned long long>(st.checksum % 100000));
        }
    }
    bool header = false;
    for (const GameInfo* info : Registry::instance().all()) {
        for (const auto& pb : info->bench_perft) {
            if (!header)
                std::printf("\n%-44s %6s %14s %14s\n", "perft", "depth", "nodes", "nodes/s");
            header = true;
            auto g = Registry::instance().create(pb.spec);
            if (!pb.position.empty()) g->set_position(pb.position);
            const auto start = std::chrono::steady_clock::now();
            const std::uint64_t nodes = g->perft(pb.depth, false, nullptr);
            const double secs =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            signature += nodes;
            const std::string label =
                g->spec() + (pb.position.empty() ? " start" : " " + pb.position.substr(0, 20));
            std::printf("%-44s %6d %14llu %14.0f\n", label.c_str(), pb.depth,
                        static_cast<unsigned long long>(nodes), static_cast<double>(nodes) / secs);
        }
    }
    // Fixed-effort searches: alpha-beta to a depth, MCTS for a number of
    // playouts; deterministic with one thread, so they join the signature.
    header = false;
    for (const auto& sb : search_benches()) {
        if (!header)
            std::printf("\n%-38s %-10s %8s %12s %12s %8s %s\n", "search", "kind", "effort", "nodes",
                        "nodes/s", "score", "best");
        header = true;
        auto g = Registry::instance().create(sb.bench.spec);
        if (!sb.bench.position.empty()) g->set_position(sb.bench.position);
        const SearchBenchRun run = sb.run(*g, sb.bench.depth);
        signature += run.digest;
        const std::string label =
            sb.bench.spec +
            (sb.bench.position.empty() ? " start" : " " + sb.bench.position.substr(0, 16));
        const std::string effort =
            std::to_string(sb.bench.depth) + (sb.bench.kind == "mcts" ? " po" : " ply");
        std::printf("%-38s %-10s %8s %12llu %12.0f %8d %s\n", label.c_str(), sb.bench.kind.c_str(),
                    effort.c_str(), static_cast<unsigned long long>(run.nodes),
                    static_cast<double>(run.nodes) / std::max(run.seconds, 1e-9), run.score,
                    run.best.c_str());
    }
    std::printf("Bench: %llu\n", static_cast<unsigned long long>(signature));
    return 0;
}

// ---- match -------------------------------------------------------------------

int cmd_match(const MatchSettings& settings, bool quiet) {
    const MatchResult r = play_match(settings, [&](const MatchResult& so_far) {
        if (quiet) return;
        std::fprintf(stderr, "\r%d games: +%d =%d -%d", so_far.games(), so_far.wins, so_far.draws,
                     so_far.losses);
    });
    if (!quiet) std::fprintf(stderr, "\n");
    std::printf("game:    %s\n", settings.game.c_str());
    std::printf("A:       %s\nB:       %s\n", settings.a.c_str(), settings.b.c_str());
    if (r.solo_deals > 0) {
        std::printf("deals:   %d  A won %d (%.2f%%)  B won %d (%.2f%%)\n", r.solo_deals,
                    r.solo_a_wins, 100.0 * r.solo_a_wins / r.solo_deals, r.solo_b_wins,
                    100.0 * r.solo_b_wins / r.solo_deals);
        const auto [a_lo, a_hi] = win_rate_interval(r.solo_a_wins, r.solo_deals);
        const auto [b_lo, b_hi] = win_rate_interval(r.solo_b_wins, r.solo_deals);
        std::printf("95%%:     A %.2f%% to %.2f%%  B %.2f%% to %.2f%%\n", 100 * a_lo, 100 * a_hi,
                    100 * b_lo, 100 * b_hi);
    }
    std::printf("games:   %d  A wins %d, draws %d, A losses %d\n", r.games(), r.wins, r.draws,
                r.losses);
    if (r.solo_deals == 0)
        std::printf("seats:   the first seat won %d, the second %d\n", r.seat_wins[0],
                    r.seat_wins[1]);
    if (r.games() > 0 && r.solo_deals == 0)
        std::printf("plies:   mean %.1f, from %d to %d\n", static_cast<double>(r.plies) / r.games(),
                    r.min_plies, r.max_plies);
    if (settings.resign || settings.draw)
        std::printf("adjudicated: %d wins, %d draws\n", r.adjudicated_wins, r.adjudicated_draws);
    std::printf("score:   %.3f\n", r.score());
    const auto [score_lo, score_hi] = r.score_interval();
    std::printf("elo:     %s  (95%% interval %s to %s)\n", elo_text(r.score()).c_str(),
                elo_text(score_lo).c_str(), elo_text(score_hi).c_str());
    if (settings.sprt)
        std::printf("sprt:    llr %.2f  %s\n", r.llr,
                    r.sprt_verdict.empty() ? "no decision" : r.sprt_verdict.c_str());
    return 0;
}

// ---- play --------------------------------------------------------------------

const char* kPlayHelp =
    "Commands:\n"
    "  <move>     play a move (see 'notation')\n"
    "  undo       take back your last move (and the computer's reply)\n"
    "  hint       ask the computer for the best moves here, with win rates\n"
    "  think      show or hide the computer's thinking after its moves\n"
    "  level N    set the computer's strength, 1 (random) to 10 (strongest)\n"
    "  names      show or hide the cell names on the board (*Star)\n"
    "  moves      the moves played so far\n"
    "  legal      the legal moves here\n"
    "  board      draw the board again\n"
    "  score      the score (an estimate until the game is over, where the game says so)\n"
    "  position   the position string\n"
    "  notation   how moves are written in this game\n"
    "  new        start again\n"
    "  save FILE  write the game record to FILE\n"
    "  help       this text\n"
    "  quit       leave\n";

// The level the default computer opponent plays at: strong enough to be a
// real opponent, quick enough to answer within a second or two.
constexpr int kDefaultPlayLevel = 6;

struct Seat {
    std::string kind;  // "human" or an agent kind
    std::unique_ptr<Agent> agent;
};

void print_moves(const Game& g) {
    const auto h = g.history();
    if (h.empty()) {
        std::cout << "No moves yet.\n";
        return;
    }
    for (std::size_t i = 0; i < h.size(); ++i)
        std::cout << (i + 1) << ". " << h[i] << (i + 1 < h.size() ? "  " : "\n");
}

std::string percent(double x) {
    return std::to_string(static_cast<int>(std::lround(100 * x))) + "%";
}

// One line per candidate: the move, its win rate for the player to move,
// the search effort behind it, and the principal variation.
void print_candidates(const Analysis& a, std::size_t count) {
    if (a.candidates.empty() || (a.playouts == 0 && a.candidates.front().visits == 0)) {
        std::cout << "  (this player does not search: no win rates to show)\n";
        return;
    }
    for (std::size_t i = 0; i < std::min(count, a.candidates.size()); ++i) {
        const Candidate& c = a.candidates[i];
        std::cout << "  " << c.move << "  win rate " << percent(c.winrate) << ", " << c.visits
                  << (a.unit == "nodes" ? " nodes" : " visits") << ", pv:";
        for (const auto& m : c.pv) std::cout << " " << m;
        std::cout << "\n";
    }
    std::cout << "  (" << a.playouts << " " << a.unit << " in " << std::fixed
              << std::setprecision(2) << a.seconds << " s)\n";
    std::cout.unsetf(std::ios::floatfield);
}

int cmd_play(const std::string& spec, const std::string& first, const std::string& second,
             std::uint64_t seed, const std::string& load_path, const std::string& save_path) {
    // The game and its record: new, or continued from a record file.
    std::unique_ptr<Game> game;
    std::string start_position;
    Record record;
    if (load_path.empty()) {
        game = Registry::instance().create(spec);
    } else {
        LoadedGame loaded = load_record_file(load_path);
        game = std::move(loaded.game);
        start_position = std::move(loaded.start_position);
        record = std::move(loaded.record);
    }
    Seat seats[2];
    auto seat_player = [&](int p, const std::string& kind) {
        const bool human = kind == "human";
        auto agent = human ? nullptr : make_agent(kind, *game);
        seats[p].kind = kind;
        seats[p].agent = std::move(agent);
        record.set_tag(p == 0 ? tag::kFirst : tag::kSecond, human ? "human" : "asterism");
        if (human)
            record.erase_tag(p == 0 ? tag::kFirstLevel : tag::kSecondLevel);
        else
            record.set_tag(p == 0 ? tag::kFirstLevel : tag::kSecondLevel, kind);
    };
    const std::string kinds[2] = {first, second};
    for (int p = 0; p < game->num_players(); ++p) seat_player(p, kinds[p]);
    Rng rng(seed);
    bool labels = true, think = false;
    auto board = [&] { return labels ? game->render_labels() : game->render(); };
    std::cout << "asterism: " << game->spec() << "\n";
    for (int p = 0; p < game->num_players(); ++p)
        std::cout << "  " << game->player_name(static_cast<Player>(p)) << ": " << seats[p].kind
                  << "\n";
    std::cout << "Type 'help' for commands.\n\n" << board();

    auto is_human = [&](Player p) { return seats[index(p)].kind == "human"; };
    // The level hints are given at: the strongest computer seat's, and at
    // least the default level, so that a hint is worth asking for.
    auto hint_level = [&] {
        int level = 0;
        for (int p = 0; p < game->num_players(); ++p)
            if (seats[p].kind.find_first_not_of("0123456789") == std::string::npos)
                level = std::max(level, std::stoi(seats[p].kind));
        return std::max(level, kDefaultPlayLevel);
    };
    bool announced = false;
    for (;;) {
        if (game->terminal()) {
            if (!announced) {
                std::cout << "Game over: " << game->result() << "\n"
                          << game->score().dump() << "\n"
                          << "Type 'undo', 'new' or 'quit'.\n";
                announced = true;
            }
        } else if (!is_human(game->to_move())) {
            const Player p = game->to_move();
            const Analysis a = seats[index(p)].agent->analyze(*game, rng, {}, nullptr);
            const std::string m = a.candidates.empty() ? seats[index(p)].agent->choose(*game, rng)
                                                       : a.candidates.front().move;
            game->play(m);
            std::cout << game->player_name(p) << " (" << seats[index(p)].kind << ") plays " << m
                      << "\n";
            if (think) print_candidates(a, 3);
            std::cout << "\n" << board();
            continue;
        }
        if (!game->terminal())
            std::cout << game->player_name(game->to_move()) << " to move> " << std::flush;
        else
            std::cout << "> " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
            std::cout << "\n";
            break;
        }
        std::istringstream words(line);
        std::string cmd;
        words >> cmd;
        std::string extra;
        if (cmd.empty()) continue;
        if (cmd == "save") {
            std::string path;
            std::getline(words >> std::ws, path);
            try {
                if (path.empty()) throw GameError("usage: save FILE");
                save_game_record(path, record, *game, start_position);
                std::cout << "Saved to " << path << ".\n";
            } catch (const GameError& e) {
                std::cout << "error: " << e.what() << "\n";
            }
            continue;
        }
        if (cmd == "level") {
            std::string level;
            words >> level;
            const bool number = !level.empty() && level.size() <= 2 &&
                                level.find_first_not_of("0123456789") == std::string::npos;
            if (!number || (words >> extra) || std::stoi(level) < 1 || std::stoi(level) > 10) {
                std::cout << "error: usage: level N, with N from 1 to 10\n";
                continue;
            }
            int changed = 0;
            for (int p = 0; p < game->num_players(); ++p)
                if (seats[p].kind != "human") seat_player(p, level), ++changed;
            std::cout << (changed ? "The computer now plays at level " + level + ".\n"
                                  : "error: no computer player in this game\n");
            continue;
        }
        if (words >> extra) {
            std::cout << "error: one move or command per line ('help' lists them)\n";
            continue;
        }
        if (cmd == "quit" || cmd == "exit") break;
        if (cmd == "help" || cmd == "?") {
            std::cout << kPlayHelp;
        } else if (cmd == "notation") {
            std::cout << game->move_help() << "\n";
        } else if (cmd == "board") {
            std::cout << board();
        } else if (cmd == "names") {
            labels = !labels;
            std::cout << board();
        } else if (cmd == "think") {
            think = !think;
            std::cout << "The computer's thinking is " << (think ? "shown" : "hidden") << ".\n";
        } else if (cmd == "moves") {
            print_moves(*game);
        } else if (cmd == "legal") {
            const auto legal = game->legal_moves();
            for (std::size_t i = 0; i < legal.size(); ++i)
                std::cout << legal[i] << ((i + 1) % 12 == 0 ? "\n" : " ");
            std::cout << "\n(" << legal.size() << " moves)\n";
        } else if (cmd == "score") {
            std::cout << game->score().dump(2) << "\n";
        } else if (cmd == "position") {
            std::cout << game->position() << "\n";
        } else if (cmd == "new") {
            game = Registry::instance().create(game->spec());
            if (!start_position.empty()) game->set_position(start_position);
            announced = false;
            std::cout << board();
        } else if (cmd == "undo") {
            // Undo back to and including the last human move, so that the
            // human is to move again.
            bool undone = false;
            while (game->undo()) {
                undone = true;
                if (is_human(game->to_move())) break;
            }
            announced = false;
            if (!undone)
                std::cout << "error: nothing to undo\n";
            else
                std::cout << board();
        } else if (game->terminal()) {
            std::cout << "error: the game is over; try 'undo', 'new' or 'quit'\n";
        } else if (cmd == "hint") {
            EngineSettings settings;
            settings.level = hint_level();
            settings.seed = seed;
            auto adviser = make_engine(*game, settings);
            std::cout << "Level " << settings.level << " suggests:\n";
            print_candidates(adviser->analyze(*game, rng, {}, nullptr), 3);
        } else {
            try {
                game->play(cmd);
                std::cout << "\n" << board();
            } catch (const GameError& e) {
                std::cout << "error: " << e.what() << "\n";
            }
        }
    }
    if (!save_path.empty()) {
        save_game_record(save_path, record, *game, start_position);
        std::cout << "Saved to " << save_path << ".\n";
    }
    return 0;
}

// ---- replay ------------------------------------------------------------------

int cmd_replay(const std::string& path) {
    const LoadedGame loaded = load_record_file(path);
    for (const auto& t : loaded.record.tags) std::cout << t.key << ": " << t.value << "\n";
    std::cout << "moves:    " << loaded.record.moves.size() << "\n";
    print_state(*loaded.game);
    return 0;
}

// ---- engine ------------------------------------------------------------------

int cmd_engine(const EngineOptions& options) {
    Engine engine(std::cin, std::cout, options);
    engine.run();
    return 0;
}

// ---- serve -------------------------------------------------------------------

int cmd_serve(server::ServeOptions options) {
    server::HttpServer http(options);
    const int port = http.bind();
    const std::string host = options.host == "0.0.0.0" ? "localhost" : options.host;
    std::cout << "asterism: serving the browser interface at http://" << host << ":" << port
              << "/  (Ctrl-C stops it)" << std::endl;
    http.run();
    return 0;
}

int run(int argc, char** argv) {
    CLI::App app{
        "asterism: engine and playing system for *Star, Asterisk, Shatra and "
        "Star Pool Chess"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "asterism 0.1.0");

    bool json = false;
    auto* games = app.add_subcommand("games", "List every game and its options");
    games->add_flag("--json", json, "Print JSON");

    std::string spec, position, moves;
    auto* state = app.add_subcommand("state", "Print a position after a sequence of moves");
    state->add_option("game", spec, "Game spec, e.g. starstar:size=8")->required();
    state->add_option("--position", position, "Start from this position string");
    state->add_option("--moves", moves, "Moves to play, separated by spaces");
    state->add_flag("--json", json, "Print one JSON object");

    int depth = 0;
    bool divide = false;
    auto* perft = app.add_subcommand("perft", "Count the leaf nodes of the move tree");
    perft->add_option("game", spec, "Game spec")->required();
    perft->add_option("depth", depth, "Depth in plies")->required();
    perft->add_option("--position", position, "Start from this position string");
    perft->add_option("--moves", moves, "Moves to play first");
    perft->add_flag("--divide", divide, "Print the count below each first move");

    std::string first = "human", second = std::to_string(kDefaultPlayLevel);
    std::uint64_t seed = 1;
    std::string load_path, save_path;
    auto* play = app.add_subcommand("play", "Play in the terminal");
    spec = "starstar";
    auto* play_game = play->add_option("game", spec, "Game spec (default starstar)");
    play->add_option("--load", load_path, "Continue the game recorded in this file")
        ->excludes(play_game);
    play->add_option("--save", save_path, "Write the game record to this file at the end");
    play->add_option("--first", first, "First player: human, a level 1..10, random, greedy or mc")
        ->capture_default_str();
    play->add_option("--second", second,
                     "Second player: human, a level 1..10, random, greedy or mc")
        ->capture_default_str();
    play->add_option("--seed", seed, "Seed for the computer players")->capture_default_str();

    std::string record_path;
    auto* replay = app.add_subcommand("replay", "Check a game record and replay it");
    replay->add_option("file", record_path, "Record file (docs/records.md)")->required();

    EngineOptions engine_options;
    engine_options.game = "starstar";
    auto* engine = app.add_subcommand(
        "engine", "Text engine protocol (GTP family) on stdin and stdout (docs/protocol.md)");
    engine->add_option("game", engine_options.game, "Game spec to start with")
        ->capture_default_str();
    engine->add_option("--level", engine_options.level, "Strength 1..10")->capture_default_str();
    engine->add_option("--seed", engine_options.seed, "Seed for the engine's moves")
        ->capture_default_str();

    std::uint64_t bench_games = 20000;
    auto* bench = app.add_subcommand("bench", "Deterministic speed benchmark");
    bench->add_option("--games", bench_games, "Random games per game and size")
        ->capture_default_str();
    bench->add_option("--seed", seed, "Seed")->capture_default_str();

    MatchSettings match_settings;
    match_settings.b = "random";
    std::string sprt_text;
    bool quiet = false;
    auto* match = app.add_subcommand("match", "Play two players against each other");
    match->add_option("game", match_settings.game, "Game spec")->required();
    match->add_option("--a", match_settings.a, "Player A (e.g. level:5, mcts:playouts=1000)")
        ->required();
    match->add_option("--b", match_settings.b, "Player B (unused for one-player games)")
        ->capture_default_str();
    match->add_option("--games", match_settings.games, "Number of games (maximum with --sprt)")
        ->capture_default_str();
    match
        ->add_option("--random-plies", match_settings.random_plies,
                     "Random opening plies; each opening is played with both colours")
        ->capture_default_str();
    match->add_option("--parallel", match_settings.parallel, "Games played at once")
        ->capture_default_str();
    match->add_option("--seed", match_settings.seed, "Seed")->capture_default_str();
    match->add_option("--sprt", sprt_text, "Stop early: elo0,elo1[,alpha,beta]");
    std::string resign_text, draw_text;
    match->add_option("--resign", resign_text,
                      "Adjudicate a win when N plies in a row rated one side at least W: W,N "
                      "(e.g. 0.97,8)");
    match->add_option("--draw", draw_text,
                      "Adjudicate a draw when from ply P on N plies in a row were rated within "
                      "M of 0.5: M,N,P (e.g. 0.02,20,80)");
    match->add_flag("--quiet", quiet, "No running count");

    PgnArgs pgn_args;
    auto* pgn = add_pgn_subcommand(app, pgn_args);

    server::ServeOptions serve_options;
    auto* serve = app.add_subcommand("serve", "The browser interface: a local web server");
    serve->add_option("--port", serve_options.port, "TCP port (0: any free port)")
        ->capture_default_str()
        ->check(CLI::Range(0, 65535));
    serve
        ->add_option("--host", serve_options.host,
                     "Address to listen on (0.0.0.0 to let other devices in)")
        ->capture_default_str();
    serve->add_option("--web", serve_options.web_dir, "Folder of the UI's files")
        ->default_str(server::default_web_dir());
    serve
        ->add_option("--max-games", serve_options.limits.max_sessions,
                     "Games kept at once; the least recently used goes first")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::string what = e.what();
        if (what.empty()) what = "bad command line";
        std::cerr << "error: " << what << " (try --help)\n";
        return kBadInput;
    }

    if (*games) return cmd_games(json);
    if (*state) return cmd_state(spec, position, moves, json);
    if (*perft) return cmd_perft(spec, depth, position, moves, divide);
    if (*play) return cmd_play(spec, first, second, seed, load_path, save_path);
    if (*replay) return cmd_replay(record_path);
    if (*engine) return cmd_engine(engine_options);
    if (*bench) return cmd_bench(bench_games, seed);
    if (*serve) return cmd_serve(serve_options);
    if (*pgn) return cmd_pgn(pgn_args);
    if (*match) {
        if (!sprt_text.empty()) match_settings.sprt = parse_sprt(sprt_text);
        if (!resign_text.empty()) match_settings.resign = parse_resign(resign_text);
        if (!draw_text.empty()) match_settings.draw = parse_draw(draw_text);
        if (match_settings.games < 1) throw GameError("--games must be at least 1");
        if (match_settings.parallel < 1) throw GameError("--parallel must be at least 1");
        return cmd_match(match_settings, quiet);
    }
    return kBadInput;
}

}  // namespace
}  // namespace asterism

int main(int argc, char** argv) {
    try {
        return asterism::run(argc, argv);
    } catch (const asterism::GameError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return asterism::kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}
