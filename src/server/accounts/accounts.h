// Accounts (docs/accounts.md): optional; anyone can still play without one.
// An account is a name (unique whatever its letters' case) and a password's
// argon2id digest; signing in gives a session cookie (HttpOnly,
// SameSite=Lax, Secure behind TLS) whose token is kept only as a digest, and
// "sign out everywhere" ends every session. Sign-in attempts are limited per
// address and per account, and a wrong password and an unknown name get the
// same answer. The routes live under /api/account.
//
// Passkeys (webauthn.h; passkeys.cpp here) sign up and in without a
// password, beside it or instead of it.
//
// Settings (settings.cpp): recovery codes, deleting the account, mutes and
// blocks, notification choices, push subscriptions, and a moderator's
// suspensions. Chat is in server/chat; games of an account in the games
// service (games/lists.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts/guards.h"
#include "server/api_message.h"
#include "server/net/limits.h"
#include "store/store.h"

namespace asterism::server {
class RouteTable;  // routes.h
}  // namespace asterism::server

namespace asterism::server::accounts {

struct AccountLimits {
    // Sign-in attempts (right or wrong) per network (one IPv4 address or one
    // IPv6 /64): a sustained rate and a burst (429 beyond).
    double sign_in_per_minute = 10;
    double sign_in_burst = 10;
    // Wrong passwords, and separately wrong recovery codes, per name: per
    // (name, network) pair, and a slower cap per name that holds back only
    // the networks that have failed on it (guards.h).
    GuardLimits wrong_passwords;
    GuardLimits wrong_codes;
    // New accounts per network: per hour, and a burst (429 beyond).
    double register_per_hour = 5;
    double register_burst = 5;
    // Password digests computed at once (each takes 19 MiB for ~40 ms), one
    // per network, the others waiting their turn briefly (guards.h).
    HashingLimits hashing;
    int sessions_per_account = 20;  // the least recently used go first
    double session_days = 180;      // a session unused this long ends
    bool secure_cookies = false;    // set behind TLS (--public-url https://...)
    // Passkeys: the site's origin ("https://play.example.org", from
    // --public-url); empty: the request's Host over http (browsers allow
    // that for localhost only). Ceremonies started and not finished are
    // bounded in count and time; an account holds at most so many passkeys.
    std::string public_origin;
    // A network holds at most `ceremonies_per_network` of them; when the
    // table is full, the network holding the most loses its oldest.
    std::size_t max_ceremonies = 1000;
    std::size_t ceremonies_per_network = 20;
    double ceremony_seconds = 300;
    std::size_t passkeys_per_account = 10;
    int push_per_account = 5;  // browsers subscribed to notifications
};

// Web Push as the operator set it up (docs/accounts.md): the VAPID public
// key the browsers subscribe with ("": push is off).
struct PushSetup {
    std::string key;
    bool allow_http_loopback = false;  // tests: a push service on 127.0.0.1
};

// The name a deleted account's seats show.
inline constexpr const char* kDeletedName = "deleted player";

// The notification choices as JSON ({your_turn, challenge, game_over}).
nlohmann::json notify_json(int bits);

// "2026-11-26 21:30 UTC".
std::string utc_time(std::int64_t ms);

inline constexpr const char* kSessionCookie = "asterism_session";

// A name's key: what two names that may not both exist have in common
// (Latin and Cyrillic letters folded to lower case). Empty, with `why`
// set, for a name an account may not have.
std::string name_key(std::string_view name, Refusal* why = nullptr);

// The confusables skeletons (UTS #39, from ICU's spoof checker) of a name as
// typed, in lower case and in upper case: two names that share one look
// alike ("PAPA" and the Cyrillic "РАРА"), and only the first may exist.
std::vector<std::string> name_skeletons(std::string_view name);
// Whether no new account may take `name` (docs/accounts.md: "admin",
// "moderator", "root", "deleted_player" and the like, in any case, with any
// digits and separators, or looking like them).
bool reserved_name(std::string_view name);

// The session cookie's token in a request (64 hex digits), or "".
std::string session_token(const ApiRequest& request);

class Accounts {
  public:
    Accounts(store::Store& store, AccountLimits limits = {},
             std::function<std::int64_t()> clock = {});

    // Adds the routes under /api/account, /api/players, /api/leaderboard,
    // /api/push and /api/moderation/accounts to the API's table (routes.h).
    void add_routes(RouteTable& table);
    // The account whose session cookie the request carries, if any.
    std::optional<store::AccountRow> signed_in(const ApiRequest& request);
    void enable_push(PushSetup setup) { push_ = std::move(setup); }
    // Called after an account is deleted (the games forget its name).
    void on_deleted(std::function<void(std::int64_t)> f) { on_deleted_ = std::move(f); }

  private:
    struct NewName {
        std::string name;  // in NFC
        std::string key;
        std::vector<std::string> skeletons;
    };
    // 400 or 409 (one line) when no new account may take the name.
    NewName new_name(const std::string& typed) const;
    ApiResponse register_account(const ApiRequest& r);
    ApiResponse login(const ApiRequest& r);
    ApiResponse logout(const ApiRequest& r, bool everywhere);
    ApiResponse whoami(const ApiRequest& r);
    store::AccountRow require_account(const ApiRequest& r);  // 401 when signed out
    // Settings (settings.cpp).
    nlohmann::json new_recovery_codes(std::int64_t account);
    ApiResponse recovery_codes(const ApiRequest& r);
    ApiResponse recover(const ApiRequest& r);
    ApiResponse delete_account(const ApiRequest& r);
    ApiResponse relations(const ApiRequest& r);
    ApiResponse set_relation(const ApiRequest& r);
    ApiResponse set_notifications(const ApiRequest& r);
    ApiResponse push_key() const;
    ApiResponse subscribe_push(const ApiRequest& r);
    ApiResponse unsubscribe_push(const ApiRequest& r);
    ApiResponse suspend(const ApiRequest& r, const std::string& name);
    // Passkeys (passkeys.cpp).
    struct Ceremony {
        std::string kind;  // "register" or "login"
        std::int64_t account = 0;
        std::string name;  // a new account's, for a registration signed out
        std::int64_t expires_ms = 0;
        std::string challenge;    // set when it ends
        std::string network;      // the client's that began it
        std::uint64_t order = 0;  // when it began, among all ceremonies
        // The page's origin and the relying party it began for: the finish
        // is checked against these, never against its own Host.
        std::string origin = {}, rp = {};
    };
    ApiResponse passkey_register_begin(const ApiRequest& r);
    ApiResponse passkey_register_finish(const ApiRequest& r);
    ApiResponse passkey_login_begin(const ApiRequest& r);
    ApiResponse passkey_login_finish(const ApiRequest& r);
    ApiResponse list_passkeys(const ApiRequest& r);
    // Players' ratings (players.cpp).
    store::AccountRow player(const std::string& name) const;
    ApiResponse get_player(const std::string& name);
    ApiResponse get_history(const ApiRequest& r, const std::string& name);
    ApiResponse get_leaderboard(const ApiRequest& r, const std::string& game);
    std::string begin_ceremony(Ceremony c);
    void drop_ceremony(std::map<std::string, Ceremony>::iterator it);  // under mutex_
    Ceremony end_ceremony(const std::string& client_data_b64, const std::string& kind);
    std::pair<std::string, std::string> origin_and_rp(const ApiRequest& r) const;
    // A new session for `account`: its cookie on `response`.
    void start_session(ApiResponse& response, std::int64_t account);
    std::string cookie(const std::string& value, bool expire) const;
    std::int64_t now() const;

    store::Store& store_;
    AccountLimits limits_;
    std::function<std::int64_t()> clock_;
    RateLimiter by_address_, new_accounts_;
    FailureGuard wrong_passwords_, wrong_codes_;
    HashingGate hashing_;
    std::mutex mutex_;                                   // guards the two below
    std::map<std::string, Ceremony> ceremonies_;         // by challenge
    std::map<std::string, std::size_t> ceremony_count_;  // by network
    std::uint64_t ceremonies_begun_ = 0;
    PushSetup push_;
    std::function<void(std::int64_t)> on_deleted_;
};

}  // namespace asterism::server::accounts
