// The API's one route table (issue 42 point 3; docs/server.md, "Routes").
// Every route of every module (the games, accounts, chat, tournaments,
// puzzles and the API's own) is one row here, declaring what the transport
// and the API must know before its handler runs:
//
//   method, path   ":name" segments are path parameters ("/api/games/:id")
//   who            who may call it; the API refuses a call that is not
//                  signed in (401) or not a moderator's (403) before the
//                  handler runs; a seat's secret is checked by the handler,
//                  which knows the game
//   lane           the transport's threads that answer it (net/handler.h):
//                  quick, disk (it may wait on the store) or search
//   rate           which per-network budget it draws on besides the API's
//                  request rate (docs/server.md, "Limits")
//
// The modules add their rows when the composition root attaches them; the
// transport asks the table for a request's lane, and the API dispatches
// through it, so that a route's lane is declared beside it and nowhere else.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "server/api_message.h"
#include "server/net/handler.h"

namespace asterism::server {

enum class Who { Anyone, Seat, Account, Moderator };
enum class RateClass { Plain, Search, SignIn, NewAccount, Ceremony, Chat, Stream, Create };

std::string_view who_name(Who who);
std::string_view lane_name(Handler::Lane lane);
std::string_view rate_name(RateClass rate);

// The path parameters of a matched route, by name without the colon.
using PathArgs = std::map<std::string, std::string, std::less<>>;

struct Route {
    std::string_view method;
    std::string_view path;
    Who who;
    Handler::Lane lane;
    RateClass rate;
    std::function<ApiResponse(const ApiRequest&, const PathArgs&)> run;
    // Called with the path's ":id" before the method is checked, so that an
    // unknown game is a 404 rather than a 405 (null: no check).
    std::function<void(const std::string&)> check_id = {};
};

class RouteTable {
  public:
    void add(Route route) { routes_.push_back(std::move(route)); }
    void clear() { routes_.clear(); }
    const std::vector<Route>& all() const { return routes_; }

    // The route that takes `r` and its path parameters; a path that only
    // other methods take is a 405 naming them (GET also answers HEAD), and
    // a body that is not declared JSON a 415 (json_args.h); null when no
    // path fits.
    const Route* find(const ApiRequest& r, PathArgs& args) const;
    // The route of a method and path without checking anything (the
    // transport's choice of lane, before the request is read as the API's).
    const Route* peek(std::string_view method, std::string_view path) const;

  private:
    std::vector<Route> routes_;
};

// Whether `path` fits `pattern`; its ":name" segments go to `args`.
bool fits(std::string_view pattern, std::string_view path, PathArgs& args);

}  // namespace asterism::server
