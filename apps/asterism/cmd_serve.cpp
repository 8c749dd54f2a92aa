// `asterism serve`: the browser interface and its API.
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <thread>

#include "cli.h"
#include "server/app.h"

namespace asterism::cli {

namespace {

// The server a signal stops; stop() only stores a flag and writes to an
// eventfd, both safe in a signal handler.
server::Server* serving = nullptr;

extern "C" void stop_serving(int) {
    if (serving) serving->stop();
}

// The names requests may give as their Host: the --host name unless it is
// an address, the public URL's, and those given with --allow-host.
void add_host_names(server::ServeOptions& o, const std::string& public_url) {
    o.host_names.push_back(o.host);
    if (public_url.empty()) return;
    // A public URL means a proxy in front; without its address every
    // visitor would be the proxy's, one share and one bucket for all.
    if (o.server.trusted_proxy.empty())
        throw GameError(
            "--public-url needs --trusted-proxy with the proxy's address (e.g. 127.0.0.1 "
            "behind a local nginx), so that each visitor counts as themselves");
    const auto scheme = public_url.find("://");
    if (scheme == std::string::npos)
        throw GameError("--public-url must be a URL such as https://play.example.org");
    const std::string rest = public_url.substr(scheme + 3);
    o.host_names.push_back(rest.substr(0, rest.find('/')));
    // Behind TLS, an account's session cookie is sent over TLS only.
    o.accounts.secure_cookies = public_url.starts_with("https://");
    // Passkeys belong to the public URL's origin.
    o.accounts.public_origin = public_url.substr(0, public_url.find('/', scheme + 3));
}

// A stop is promised within 2 s (docs/server.md): run() returns within a
// quarter of a second of the signal, and the rest (searches noticing their
// stop flags, answers under way, the threads joined, the database closed)
// gets this long before the process leaves without it. Nothing is lost
// then: every change was committed before it was acknowledged, an answer
// cut short is retried by its client (moves carry their ply), and a
// computer's move not yet made is planned again at the next start.
constexpr double kStopSeconds = 1.5;

void stop_within(double seconds) {
    std::thread([seconds] {
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
        std::cout << "asterism: stopped (the rest of the shutdown was cut short after " << seconds
                  << " s; every change had been stored)" << std::endl;
        std::_Exit(0);
    }).detach();
}

int serve_until_stopped(server::ServeOptions options) {
    server::Server http(options);
    const int port = http.bind();
    const std::string host = options.host == "0.0.0.0" ? "localhost" : options.host;
    std::cout << "asterism: serving the browser interface at http://" << host << ":" << port
              << "/  (Ctrl-C stops it)" << std::endl;
    if (!options.online.data_dir.empty())
        std::cout << "asterism: games kept in " << options.online.data_dir << "/asterism.db"
                  << std::endl;
    for (const std::string& why : http.app().games().set_aside())
        std::cout << "asterism: set aside a game that does not replay (kept in the file "
                     "untouched): "
                  << why << std::endl;
    for (const std::string& why : http.app().tournaments().set_aside())
        std::cout << "asterism: set aside a tournament that does not replay (kept in the file "
                     "untouched): "
                  << why << std::endl;
    // Ctrl-C and SIGTERM let answers under way finish before the exit.
    serving = &http;
    std::signal(SIGINT, stop_serving);
    std::signal(SIGTERM, stop_serving);
    http.run();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    serving = nullptr;
    stop_within(kStopSeconds);
    return 0;
}

int cmd_serve(server::ServeOptions options) {
    const int status = serve_until_stopped(std::move(options));
    std::cout << "asterism: stopped" << std::endl;
    return status;
}

// Each network's share of the accounts' and tournaments' tables
// (docs/server.md, "One network, one share").
void add_share_options(CLI::App& command, server::ServeOptions& o) {
    server::accounts::AccountLimits& a = o.accounts;
    command
        .add_option("--ceremonies-per-network", a.ceremonies_per_network,
                    "Passkey sign-ins and sign-ups one network may have begun at once")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    command
        .add_option("--wrong-passwords-per-minute", a.wrong_passwords.pair_per_minute,
                    "Wrong passwords a minute for one name from one network")
        ->capture_default_str()
        ->check(CLI::Range(0.1, 1000.0));
    command
        .add_option("--wrong-passwords-per-hour", a.wrong_passwords.name_per_hour,
                    "Wrong passwords an hour for one name from all the networks that failed on it")
        ->capture_default_str()
        ->check(CLI::Range(1.0, 100000.0));
    command
        .add_option("--hashing-slots", a.hashing.slots,
                    "Password digests (argon2id) made at once; one network holds one")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    server::TournamentLimits& t = o.tournaments;
    command
        .add_option("--tournaments-per-account", t.per_account,
                    "Tournaments one account may have taking entries or running")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    command
        .add_option("--tournaments-per-network", t.per_network,
                    "Tournaments one network may have taking entries or running")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
}

// The one admission of the server's thinking (docs/server.md, "Computer
// work").
void add_thinking_options(CLI::App& command, server::ServeOptions& o) {
    server::FairPool::Limits& t = o.thinking;
    command
        .add_option("--search-threads", t.threads,
                    "Threads for all the server's thinking: computer moves, analyses, "
                    "reviews (0: one per core)")
        ->capture_default_str()
        ->check(CLI::Range(0, 1024));
    command
        .add_option("--searches-per-network", t.queued_per_network,
                    "Computer moves, analyses and reviews one client network may have "
                    "waiting or running (429 beyond)")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000));
    command
        .add_option("--threads-per-network", t.running_per_network,
                    "Threads one client network's searches may hold at once")
        ->capture_default_str()
        ->check(CLI::Range(1, 1024));
    command
        .add_option("--max-queued-searches", t.max_queued,
                    "Searches waiting for a thread, all networks (503 beyond)")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    command
        .add_option("--max-reviews", o.game_limits.thinking.max_reviews,
                    "Game reviews waiting or running on the server (429 beyond)")
        ->capture_default_str()
        ->check(CLI::Range(1, 10000));
}

// What a client's player may ask for (docs/server.md, "Limits").
void add_search_options(CLI::App& command, server::ServeOptions& o) {
    add_thinking_options(command, o);
    add_share_options(command, o);
    server::SearchCaps& caps = o.limits.search;
    command
        .add_option("--max-search-seconds", caps.max_seconds,
                    "Wall-clock seconds any one search may run (a computer's move, its answer to "
                    "a draw offer); it then plays its best move so far")
        ->capture_default_str()
        ->check(CLI::Range(0.1, 3600.0));
    command
        .add_option("--max-player-threads", caps.player.threads,
                    "Threads a player named by a client may ask for (0: one per core)")
        ->capture_default_str()
        ->check(CLI::Range(0, 1024));
    command
        .add_option("--max-player-effort", caps.player.effort,
                    "Playouts or nodes a player named by a client may ask for")
        ->capture_default_str()
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    command
        .add_option("--max-player-pool", caps.player.pool,
                    "Tree nodes (pool=) an MCTS player named by a client may ask for")
        ->capture_default_str()
        ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 28));
}

// When idle online games end, and how many one address may hold. The
// expiries are given in hours and days and kept in seconds, which the
// returned function writes once the command line is read.
std::function<void()> add_expiry_options(CLI::App& command, server::ServeOptions& o) {
    server::GameLimits& l = o.game_limits;
    auto hours = std::make_shared<double>(l.open_expiry_seconds / 3600);
    auto days = std::make_shared<double>(l.idle_expiry_seconds / 86400);
    command
        .add_option("--open-game-hours", *hours,
                    "Hours an open online game waits for a player before it is withdrawn")
        ->capture_default_str()
        ->check(CLI::Range(0.02, 87600.0));
    command
        .add_option("--idle-game-days", *days,
                    "Days an online game with no running clock may go without a move before "
                    "it ends as abandoned")
        ->capture_default_str()
        ->check(CLI::Range(0.001, 3650.0));
    command
        .add_option("--games-per-address", l.max_games_per_client,
                    "Unfinished online games one address may create or hold a seat in")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    return [&l, hours, days] {
        l.open_expiry_seconds = *hours * 3600;
        l.idle_expiry_seconds = *days * 86400;
    };
}

// Who may connect, how often, and how many at once.
void add_network_options(CLI::App& command, server::ServeOptions& o) {
    command.add_option("--trusted-proxy", o.server.trusted_proxy,
                       "Address of a reverse proxy whose X-Forwarded-For is believed "
                       "(e.g. 127.0.0.1 behind a local nginx)");
    command
        .add_option("--ipv6-prefix", o.server.ipv6_prefix,
                    "Bits of an IPv6 address that name one client network for every "
                    "per-client limit (a home connection has a /64)")
        ->capture_default_str()
        ->check(CLI::Range(16, 128));
    command
        .add_option("--rate", o.limits.rate_per_second,
                    "API requests a second per client network (0: no limit; the machine's own "
                    "unforwarded requests exempt)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1e6));
    command
        .add_option("--max-connections", o.server.max_connections,
                    "Open connections at once; past it the longest idle one is closed")
        ->capture_default_str()
        ->check(CLI::Range(8, 100000));
}

}  // namespace

// The metrics token from its file (kept out of the command line, which
// every user of the machine can read): one line of at least 16 characters.
std::string read_token(const std::string& file) {
    std::ifstream in(file);
    std::string token;
    if (!in || !std::getline(in, token))
        throw GameError("cannot read the token file '" + file + "'");
    while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
    if (token.size() < 16 || token.find_first_of(" \t") != std::string::npos)
        throw GameError("the token in '" + file + "' must be one word of 16 characters or more");
    return token;
}

// The options of a server that players stay on (push, chat, tournaments,
// logs, metrics); returns what completes them once the command line is parsed.
std::function<void()> add_operator_options(CLI::App& command, server::ServeOptions& options,
                                           std::shared_ptr<std::string> public_url) {
    server::ServeOptions* o = &options;
    command.add_flag("--push", o->push.enabled,
                     "Web Push notifications for signed-in players (docs/accounts.md); the "
                     "key is made once in the data folder");
    command.add_option("--push-subject", o->push.subject,
                       "The contact push services see (mailto:you@example.org); default: an "
                       "https --public-url");
    command.add_flag("--push-allow-loopback", o->push.allow_http_loopback,
                     "Tests only: push services on 127.0.0.1 over plain http");
    command
        .add_option("--chat-per-room,--chat-per-game", o->chat.per_room,
                    "Chat messages each room of a game keeps at most")
        ->capture_default_str()
        ->check(CLI::Range(0, 1000000));
    command
        .add_option("--chat-burst", o->chat.burst,
                    "Chat messages a player may send at once (then one per 2 s)")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000));
    command
        .add_option("--log-format", o->log_format,
                    "One line per request on stderr: text or json (route, status, time; never "
                    "a secret, cookie or password)")
        ->check(CLI::IsMember({"text", "json"}));
    command
        .add_option("--tournaments-by", o->tournaments.create,
                    "Who may create tournaments: anyone (signed in), moderators or nobody")
        ->capture_default_str()
        ->check(CLI::IsMember({"anyone", "moderators", "nobody"}));
    command
        .add_option("--max-tournaments", o->tournaments.max_active,
                    "Tournaments taking entries or running at once (503 beyond)")
        ->capture_default_str()
        ->check(CLI::Range(0, 100000));
    command
        .add_option("--tournament-players", o->tournaments.max_players,
                    "Players a swiss or arena tournament takes at most (round robin: 30)")
        ->capture_default_str()
        ->check(CLI::Range(2, 10000));
    auto token_file = std::make_shared<std::string>();
    command.add_option("--metrics-token-file", *token_file,
                       "A file holding the bearer token (16 characters or more) that lets a "
                       "client off the loopback interface read /health and /metrics");
    return [o, public_url, token_file] {
        if (!token_file->empty()) o->metrics_token = read_token(*token_file);
        if (o->push.enabled && o->push.subject.empty()) {
            if (!public_url->starts_with("https://"))
                throw GameError(
                    "--push needs --push-subject (mailto:you@example.org) or an "
                    "https --public-url");
            o->push.subject = *public_url;
        }
    };
}

Runner setup_serve(CLI::App& command) {
    auto o = std::make_shared<server::ServeOptions>();
    command.add_option("--port", o->port, "TCP port (0: any free port)")
        ->capture_default_str()
        ->check(CLI::Range(0, 65535));
    command.add_option("--host", o->host, "Address to listen on (0.0.0.0 to let other devices in)")
        ->capture_default_str();
    command.add_option("--web", o->web_dir, "Folder of the UI's files")
        ->default_str(server::default_web_dir());
    command
        .add_option("--max-games", o->game_limits.local.max_games,
                    "Local games (one screen, or against the computer) held at once; "
                    "beyond it the least recently used one ends")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    o->online.data_dir = store::default_data_dir();
    command
        .add_option("--data", o->online.data_dir,
                    "Folder of the online games' database (created if missing)")
        ->capture_default_str();
    command.add_flag(
        "--no-online", [o](std::int64_t) { o->online.data_dir.clear(); },
        "Serve local play only: no online games, nothing written (local games "
        "then last only as long as the server)");
    command
        .add_option("--sync", o->online.sync,
                    "Commit durability: normal (survives a crash of "
                    "the server) or full (also a power cut)")
        ->transform(CLI::CheckedTransformer(std::map<std::string, store::Sync>{
            {"normal", store::Sync::Normal}, {"full", store::Sync::Full}}));
    command
        .add_option("--max-online-games", o->game_limits.max_games,
                    "Online games open or in progress at once")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000000));
    // A fixed seed makes the computer's moves repeatable: the WebAssembly
    // engine's test compares them with the page's worker (docs/wasm.md).
    command.add_option("--seed", o->seed, "The engines' seeds (0: from the system)")
        ->capture_default_str();
    auto public_url = std::make_shared<std::string>();
    command.add_option("--public-url", *public_url,
                       "The address people open (https://play.example.org behind a proxy): "
                       "its host name is answered; other names get 421");
    command.add_option("--allow-host", o->host_names,
                       "A further host name to answer for (repeatable); IP addresses and "
                       "localhost always are");
    auto after_parse = add_operator_options(command, *o, public_url);
    add_search_options(command, *o);
    auto expiries = add_expiry_options(command, *o);
    add_network_options(command, *o);
    return with_search_threads(command, [o, public_url, expiries, after_parse] {
        expiries();
        add_host_names(*o, *public_url);
        after_parse();
        return cmd_serve(*o);
    });
}

}  // namespace asterism::cli
