// Accounts and chat attached to the API rig (api_rig.h), with a clock the
// test sets, and the calls the account tests share.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "server/accounts/accounts.h"
#include "server/api_rig.h"
#include "server/chat/chat.h"
#include "server/puzzles/service.h"

namespace asterism::server {

using accounts::AccountLimits;
using accounts::Accounts;
using nlohmann::json;

struct AccountsRig {
    explicit AccountsRig(AccountLimits limits = {})
        : accounts(rig.store, limits, [this] { return now; }),
          chat(rig.store, rig.service, chat_limits, [this] { return now; }),
          puzzles(&rig.store, {.dir = {}, .clock = [this] { return now; }}) {
        rig.api.attach_accounts(&accounts);
        rig.api.attach_puzzles(&puzzles);
        rig.api.attach_chat(&chat);
        accounts.on_deleted([this](std::int64_t account) {
            rig.service.forget_account(account, accounts::kDeletedName);
        });
    }
    ~AccountsRig() {
        rig.api.attach_accounts(nullptr);
        rig.api.attach_chat(nullptr);
        rig.api.attach_puzzles(nullptr);
    }

    ApiResponse call(const std::string& method, const std::string& path, const json& body = {},
                     const std::string& cookie = {}, const std::string& client = "203.0.113.5",
                     const std::string& secret = {}) {
        ApiRequest r;
        if (!secret.empty()) r.authorization = "Bearer " + secret;
        r.method = method;
        set_path(r, path);
        r.body = body.is_null() ? "" : body.dump();
        r.client = client;
        r.content_type = "application/json";
        r.cookie = cookie;
        return rig.api.handle(r);
    }
    // The session cookie a reply set, as a browser would send it back.
    static std::string cookie_of(const ApiResponse& r) {
        for (const std::string& c : r.cookies)
            if (c.starts_with("asterism_session=")) return c.substr(0, c.find(';'));
        return {};
    }
    std::string signed_up(const std::string& name, const std::string& password) {
        const ApiResponse r =
            call("POST", "/api/account/register", {{"name", name}, {"password", password}});
        EXPECT_EQ(r.status, 201) << r.body.dump();
        return cookie_of(r);
    }

    std::int64_t now = 1'800'000'000'000;
    ApiRig rig;
    Accounts accounts;
    ChatLimits chat_limits;
    Chat chat;
    puzzles::PuzzleService puzzles;
};

// The English line of an error reply ("" for none), which must also be a
// coded one of the catalogue (api_rig.h, expect_catalogued).
inline std::string error_of(const ApiResponse& r) {
    if (r.body.is_object() && r.body.contains("error")) expect_catalogued(r.status, r.body);
    return r.body.value("error", "");
}

// A rated game between two accounts: created by one, joined by the other
// with the invitation; `moves` moves are played, then the second seat
// resigns. Returns the game's id.
inline std::string rated_game(AccountsRig& a, const std::string& first, const std::string& second,
                              int moves) {
    const ApiResponse made = a.call("POST", "/api/games",
                                    {{"game", "starstar:size=6"},
                                     {"rated", true},
                                     {"clock", {{"kind", "fischer"}, {"minutes", 5}}}},
                                    first);
    EXPECT_EQ(made.status, 201) << made.body.dump();
    const std::string id = made.body["id"];
    const std::string link = made.body["links"]["invite"];
    const std::string invite = link.substr(link.find("secret=") + 7);
    EXPECT_EQ(
        a.call("POST", "/api/games/" + id + "/join", json::object(), second, "203.0.113.9", invite)
            .status,
        200);
    for (int k = 0; k < moves; ++k) {
        const json state = a.call("GET", "/api/games/" + id, {}, k % 2 ? second : first).body;
        const ApiResponse moved = a.call("POST", "/api/games/" + id + "/move",
                                         {{"move", state["view"]["moves"][0]["text"]}, {"ply", k}},
                                         k % 2 ? second : first);
        EXPECT_EQ(moved.status, 200) << moved.body.dump();
    }
    EXPECT_EQ(a.call("POST", "/api/games/" + id + "/resign", json::object(), second).status, 200);
    return id;
}

}  // namespace asterism::server
