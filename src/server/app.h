// The application behind the transport: one composition root that owns the
// event hub, the data folder's lock and store, the game service (every game,
// online or local) and the site (the UI's files and the JSON API), builds
// them from the options and answers the transport's Handler calls with them. `Server` puts it
// behind the HTTP transport (net/server.h); `asterism serve` and the live tests start one.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/accounts/accounts.h"
#include "server/api.h"
#include "server/chat/chat.h"
#include "server/game_service.h"
#include "server/metrics.h"
#include "server/net/server.h"
#include "server/notify/notifications.h"
#include "server/puzzles/service.h"
#include "server/site.h"
#include "server/tournaments/service.h"
#include "store/store.h"

namespace asterism::server {

struct ServeOptions {
    std::string host = "127.0.0.1";  // local only, unless the user says otherwise
    int port = 8080;                 // 0: any free port (tests)
    std::string web_dir;             // the UI's files; empty: default_web_dir()
    // Host names requests may give besides IP addresses and localhost
    // (Site::refused): the --host name and the --public-url's.
    std::vector<std::string> host_names;
    ApiLimits limits;
    ServerLimits server;
    // The one admission of the server's thinking (net/fair_pool.h): the
    // searches clients ask for, the online opponents' moves and reviews.
    FairPool::Limits thinking;
    // An empty data_dir: no online games, and local games kept in memory
    // only (a store of SQLite's ":memory:").
    GameServiceOptions online;
    GameLimits game_limits;
    std::uint64_t seed = 0;  // the engines' seeds; 0: from the OS (tests fix it)
    accounts::AccountLimits accounts;
    ChatLimits chat;
    TournamentLimits tournaments;
    notify::PushOptions push;  // Web Push (needs a data folder)
    // GET /health and /metrics answer loopback clients, and others that
    // send this as a bearer token ("": none).
    std::string metrics_token;
    // One line per request on stderr (docs/server.md): "" none, "text" or
    // "json". A line names the route, never a path's query, a header, a
    // cookie, a secret or a password.
    std::string log_format;
};

// Where the UI's files are when --web does not say: the installed
// share/asterism/web beside the binary, else the source tree's web/
// (installed.h).
std::string default_web_dir();

class App final : public Handler {
  public:
    // Throws GameError (or store::StoreError, naming the file) when the web
    // folder or the data folder cannot be used, or when another server holds
    // the data folder.
    explicit App(const ServeOptions& options);
    ~App() override;

    Lane lane(const HttpRequest& request) const override;
    FairPool& thinking() override { return *thinking_; }
    HttpResponse respond(const HttpRequest& request) override;
    std::uint64_t subscribe(const StreamStart& start, const std::string& client,
                            std::shared_ptr<EventSink> sink, HttpResponse& refusal) override;
    void unsubscribe(std::uint64_t handle) override;
    std::size_t max_streams() const override;
    void stop() override;

    Api& api() { return site_.api(); }
    EventHub& events() { return hub_; }
    GameService& games() { return *games_; }
    accounts::Accounts& accounts() { return *accounts_; }
    TournamentService& tournaments() { return *tournaments_; }
    // What the transport's lanes hold, for /health and /metrics (set by the
    // Server that puts this app behind its transport).
    void watch_lanes(std::function<LaneStats()> lanes) { lanes_ = std::move(lanes); }
    // Whether online play is on (the server has a data folder).
    bool online() const { return online_; }

  private:
    std::unique_ptr<store::Store> open_store(const ServeOptions& options);
    // GET /health and GET /metrics (metrics.h).
    HttpResponse operations(const HttpRequest& request);
    std::string metrics_text();
    void log(const HttpRequest& request, const std::string& route, int status, double seconds);

    EventHub hub_;
    // Before the games, whose computer's moves and reviews it runs; stopped
    // (its threads joined) before anything it runs goes.
    std::unique_ptr<FairPool> thinking_;
    std::unique_ptr<store::FolderLock> lock_;
    std::unique_ptr<store::Store> store_;
    // With --push; before the games, so that it outlives their threads.
    std::unique_ptr<notify::Notifications> notifications_;
    std::unique_ptr<GameService> games_;  // after the store and the hub: destroyed before
    std::unique_ptr<accounts::Accounts> accounts_;
    std::unique_ptr<Chat> chat_;
    std::unique_ptr<TournamentService> tournaments_;
    std::unique_ptr<puzzles::PuzzleService> puzzles_;
    bool online_ = false;
    std::string metrics_token_;
    std::function<LaneStats()> lanes_;
    std::string log_format_;
    Metrics metrics_;
    Site site_;  // last: its API points at the games
};

// The whole server: the application behind the transport.
class Server {
  public:
    explicit Server(const ServeOptions& options);
    int bind() { return http_.bind(); }
    void run() { http_.run(); }
    void stop() { http_.stop(); }  // safe in a signal handler
    App& app() { return app_; }
    Api& api() { return app_.api(); }
    EventHub& events() { return app_.events(); }

  private:
    App app_;
    HttpServer http_;  // after the app, which it calls: destroyed first
};

}  // namespace asterism::server
