// Accounts: registering, signing in and out (accounts.h).
#include "server/accounts/accounts.h"

#include <chrono>
#include <vector>

#include "core/os_random.h"
#include "core/text.h"
#include "server/accounts/passwords.h"
#include "server/json_args.h"
#include "server/secrets.h"

namespace asterism::server::accounts {

using nlohmann::json;

namespace {

constexpr std::size_t kMinName = 2, kMaxName = 30;

// The code points of valid UTF-8 text.
std::vector<char32_t> code_points(std::string_view s) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        char32_t c = n == 1 ? b : b & (0x7F >> n);
        for (int k = 1; k < n && i + static_cast<std::size_t>(k) < s.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
        out.push_back(c);
        i += static_cast<std::size_t>(n);
    }
    return out;
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out.push_back(static_cast<char>(c));
    } else {  // the names' letters are all below U+0800
        out.push_back(static_cast<char>(0xC0 | (c >> 6)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
}

bool latin(char32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool cyrillic(char32_t c) {
    return c >= 0x400 && c <= 0x4FF;
}

char32_t folded(char32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c >= 0x410 && c <= 0x42F) return c + 32;  // А..Я
    if (c >= 0x400 && c <= 0x40F) return c + 80;  // Ѐ..Џ, Ё among them
    return c;
}

std::string bad(std::string* why, const std::string& message) {
    if (why) *why = message;
    return {};
}

double seconds(std::int64_t ms) {
    return static_cast<double>(ms) / 1000;
}

}  // namespace

std::string name_key(std::string_view name, std::string* why) {
    if (!valid_utf8(name)) return bad(why, "a name must be UTF-8 text");
    const std::vector<char32_t> cs = code_points(name);
    if (cs.size() < kMinName || cs.size() > kMaxName)
        return bad(why, "a name has " + std::to_string(kMinName) + " to " +
                            std::to_string(kMaxName) + " characters");
    bool has_latin = false, has_cyrillic = false;
    std::string key;
    for (const char32_t c : cs) {
        const bool digit = c >= '0' && c <= '9';
        const bool mark = c == '_' || c == '-' || c == '.';
        if (!latin(c) && !cyrillic(c) && !digit && !mark)
            return bad(why, "a name may hold Latin or Cyrillic letters, digits, '_', '-' and '.'");
        has_latin |= latin(c);
        has_cyrillic |= cyrillic(c);
        append_utf8(key, folded(c));
    }
    if (has_latin && has_cyrillic)
        return bad(why, "a name may not mix Latin and Cyrillic letters (they look alike)");
    if (cs.front() == '_' || cs.front() == '-' || cs.front() == '.')
        return bad(why, "a name begins with a letter or a digit");
    return key;
}

Accounts::Accounts(store::Store& store, AccountLimits limits, std::function<std::int64_t()> clock)
    : store_(store),
      limits_(limits),
      clock_(clock ? std::move(clock) : [] {
          return std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::system_clock::now().time_since_epoch())
              .count();
      }),
      by_address_(limits.sign_in_per_minute / 60, limits.sign_in_burst),
      by_account_(limits.account_per_minute / 60, limits.account_burst),
      new_accounts_(limits.register_per_hour / 3600, limits.register_burst) {}

std::int64_t Accounts::now() const {
    return clock_();
}

std::optional<ApiResponse> Accounts::handle(const ApiRequest& r) {
    if (!r.path.starts_with("/api/account") && !r.path.starts_with("/api/players/") &&
        !r.path.starts_with("/api/leaderboard/") && r.path != "/api/push/key" &&
        !r.path.starts_with("/api/moderation/accounts/"))
        return std::nullopt;
    std::string id;  // the name or game in the path, once a route matches
    struct Route {
        std::string_view method, path;
        std::function<ApiResponse()> run;
    };
    const std::vector<Route> routes{
        {"POST", "/api/account/register", [&] { return register_account(r); }},
        {"POST", "/api/account/login", [&] { return login(r); }},
        {"POST", "/api/account/logout", [&] { return logout(r, false); }},
        {"POST", "/api/account/logout-everywhere", [&] { return logout(r, true); }},
        {"GET", "/api/account", [&] { return whoami(r); }},
        {"POST", "/api/account/passkey/register/begin", [&] { return passkey_register_begin(r); }},
        {"POST", "/api/account/passkey/register/finish",
         [&] { return passkey_register_finish(r); }},
        {"POST", "/api/account/passkey/login/begin", [&] { return passkey_login_begin(r); }},
        {"POST", "/api/account/passkey/login/finish", [&] { return passkey_login_finish(r); }},
        {"GET", "/api/account/passkeys", [&] { return list_passkeys(r); }},
        {"POST", "/api/account/recovery-codes", [&] { return recovery_codes(r); }},
        {"POST", "/api/account/recover", [&] { return recover(r); }},
        {"POST", "/api/account/delete", [&] { return delete_account(r); }},
        {"GET", "/api/account/relations", [&] { return relations(r); }},
        {"POST", "/api/account/relations", [&] { return set_relation(r); }},
        {"POST", "/api/account/notifications", [&] { return set_notifications(r); }},
        {"POST", "/api/account/push", [&] { return subscribe_push(r); }},
        {"POST", "/api/account/push/remove", [&] { return unsubscribe_push(r); }},
        {"GET", "/api/push/key", [&] { return push_key(); }},
        {"POST", "/api/moderation/accounts/:id/suspend", [&] { return suspend(r, id); }},
        {"GET", "/api/players/:id", [&] { return get_player(id); }},
        {"GET", "/api/players/:id/rating-history", [&] { return get_history(r, id); }},
        {"GET", "/api/leaderboard/:id", [&] { return get_leaderboard(r, id); }},
    };
    const int i = find_route(routes, r, id, [](const std::string&) {});
    if (i < 0) return std::nullopt;
    return routes[static_cast<std::size_t>(i)].run();
}

ApiResponse Accounts::register_account(const ApiRequest& r) {
    const json body = parse_body(r, 8);
    const std::string name = get_string(body, "name");
    const std::string password = get_string(body, "password");
    std::string why;
    const std::string key = name_key(name, &why);
    if (key.empty()) fail(400, why);
    if (const std::string problem = password_problem(name, password); !problem.empty())
        fail(400, problem);
    if (store_.account_by_key(key)) fail(409, "the name " + quote(name) + " is taken");
    if (!new_accounts_.allow(r.client, seconds(now())))
        fail(429, "too many new accounts from your address; try again later");
    store::AccountRow row{0, name, "", now()};
    {
        HashingSlot slot(hashing_, limits_.max_hashing);
        row.password = hash_password(password);
    }
    if (!store_.create_account(row, key)) fail(409, "the name " + quote(name) + " is taken");
    ApiResponse out(201, {{"name", row.name},
                          {"created", row.created_ms},
                          {"recovery_codes", new_recovery_codes(row.id)}});
    start_session(out, row.id);
    return out;
}

ApiResponse Accounts::login(const ApiRequest& r) {
    const json body = parse_body(r, 8);
    const std::string name = get_string(body, "name");
    const std::string password = get_string(body, "password");
    const std::string key = name_key(name);
    const double at = seconds(now());
    if (!by_address_.allow(r.client, at))
        fail(429, "too many sign-in attempts from your address; wait a minute");
    if (!key.empty() && !by_account_.allow(key, at))
        fail(429, "too many sign-in attempts for this account; wait a minute");
    const auto account = key.empty() ? std::nullopt : store_.account_by_key(key);
    // An unknown name costs the same digest as a known one, so neither the
    // answer nor its time says which names exist.
    static const std::string kNobody = hash_password("no account has this password");
    bool ok = false;
    {
        HashingSlot slot(hashing_, limits_.max_hashing);
        ok = password_matches(account && !account->password.empty() ? account->password : kNobody,
                              password.size() <= kMaxPassword ? password : "");
    }
    if (!account || !ok) fail(401, "no account with that name and password");
    ApiResponse out(200, {{"name", account->name}, {"created", account->created_ms}});
    start_session(out, account->id);
    return out;
}

ApiResponse Accounts::logout(const ApiRequest& r, bool everywhere) {
    const auto account = signed_in(r);
    if (!account) fail(401, "you are not signed in");
    std::int64_t ended = 1;
    if (everywhere) {
        ended = store_.remove_sessions(account->id);
    } else {
        store_.remove_session(digest(session_token(r)));
    }
    ApiResponse out(200, {{"signed_out", true}, {"sessions_ended", ended}});
    out.cookies.push_back(cookie("", true));
    return out;
}

ApiResponse Accounts::whoami(const ApiRequest& r) {
    const store::AccountRow me = require_account(r);
    return {200,
            {{"name", me.name},
             {"created", me.created_ms},
             {"moderator", me.role == "moderator"},
             {"notifications", notify_json(me.notify)},
             {"push_subscriptions", store_.pushes(me.id).size()},
             {"recovery_codes_left", store_.recovery_codes_left(me.id)}}};
}

std::optional<store::AccountRow> Accounts::signed_in(const ApiRequest& r) {
    const std::string token = session_token(r);
    if (token.empty()) return std::nullopt;
    const std::int64_t at = now();
    const auto unused_since = at - static_cast<std::int64_t>(limits_.session_days * 86400000.0);
    const auto id = store_.use_session(digest(token), at, unused_since);
    if (!id) return std::nullopt;
    return store_.account(*id);
}

void Accounts::start_session(ApiResponse& response, std::int64_t account) {
    // Every way in (password, passkey, recovery code) comes here.
    const auto row = store_.account(account);
    if (row && row->suspended_until > now())
        fail(403, "this account is suspended until " + utc_time(row->suspended_until));
    const std::string token = random_token(32);
    store_.add_session(digest(token), account, now(), limits_.sessions_per_account);
    response.cookies.push_back(cookie(token, false));
}

std::string Accounts::cookie(const std::string& value, bool expire) const {
    const auto age = expire ? 0 : static_cast<long long>(limits_.session_days * 86400);
    return std::string(kSessionCookie) + "=" + value + "; Path=/; Max-Age=" + std::to_string(age) +
           "; HttpOnly; SameSite=Lax" + (limits_.secure_cookies ? "; Secure" : "");
}

// The session cookie's token in the Cookie header: 64 hex digits, else none.
std::string session_token(const ApiRequest& r) {
    const std::string prefix = std::string(kSessionCookie) + "=";
    std::string_view rest = r.cookie;
    while (!rest.empty()) {
        const auto end = rest.find(';');
        std::string_view part = rest.substr(0, end);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        if (part.starts_with(prefix)) {
            const std::string_view value = part.substr(prefix.size());
            if (value.size() == 64 &&
                value.find_first_not_of("0123456789abcdef") == std::string_view::npos)
                return std::string(value);
            return {};
        }
        if (end == std::string_view::npos) break;
        rest.remove_prefix(end + 1);
    }
    return {};
}

}  // namespace asterism::server::accounts
