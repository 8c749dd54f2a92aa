// `asterism serve`: the browser interface and its API.
#include <csignal>
#include <iostream>
#include <map>

#include "cli.h"
#include "server/http.h"

namespace asterism::cli {

namespace {

// The server a signal stops; stop() only stores a flag and writes to an
// eventfd, both safe in a signal handler.
server::HttpServer* serving = nullptr;

extern "C" void stop_serving(int) {
    if (serving) serving->stop();
}

int cmd_serve(server::ServeOptions options) {
    server::HttpServer http(options);
    const int port = http.bind();
    const std::string host = options.host == "0.0.0.0" ? "localhost" : options.host;
    std::cout << "asterism: serving the browser interface at http://" << host << ":" << port
              << "/  (Ctrl-C stops it)" << std::endl;
    if (!options.online.data_dir.empty())
        std::cout << "asterism: online games kept in " << options.online.data_dir << "/asterism.db"
                  << std::endl;
    // Ctrl-C and SIGTERM let answers under way finish before the exit.
    serving = &http;
    std::signal(SIGINT, stop_serving);
    std::signal(SIGTERM, stop_serving);
    http.run();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    serving = nullptr;
    std::cout << "asterism: stopped" << std::endl;
    return 0;
}

}  // namespace

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
        .add_option("--max-games", o->limits.max_sessions,
                    "Games kept at once; the least recently used goes first")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    o->online.data_dir = store::default_data_dir();
    command
        .add_option("--data", o->online.data_dir,
                    "Folder of the online games' database (created if missing)")
        ->capture_default_str();
    command.add_flag(
        "--no-online", [o](std::int64_t) { o->online.data_dir.clear(); },
        "Serve local play only: no online games, nothing written");
    command
        .add_option("--sync", o->online.sync,
                    "Commit durability: normal (survives a crash of "
                    "the server) or full (also a power cut)")
        ->transform(CLI::CheckedTransformer(std::map<std::string, store::Sync>{
            {"normal", store::Sync::Normal}, {"full", store::Sync::Full}}));
    command
        .add_option("--max-online-games", o->online_limits.max_games,
                    "Online games open or in progress at once")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000000));
    command.add_option("--trusted-proxy", o->server.trusted_proxy,
                       "Address of a reverse proxy whose X-Forwarded-For is believed "
                       "(e.g. 127.0.0.1 behind a local nginx)");
    command
        .add_option("--rate", o->limits.rate_per_second,
                    "API requests a second per client address (0: no limit; loopback exempt)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1e6));
    command
        .add_option("--max-connections", o->server.max_connections,
                    "Open connections at once; past it the longest idle one is closed")
        ->capture_default_str()
        ->check(CLI::Range(8, 100000));
    return with_search_threads(command, [o] { return cmd_serve(*o); });
}

}  // namespace asterism::cli
