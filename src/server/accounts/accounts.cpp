// Accounts: registering, signing in and out (accounts.h).
#include "server/accounts/accounts.h"

#include <chrono>
#include <vector>

#include "core/os_random.h"
#include "core/text.h"
#include "server/accounts/passwords.h"
#include "server/json_args.h"
#include "server/routes.h"
#include "server/secrets.h"
#include "server/text.h"

namespace asterism::server::accounts {

using nlohmann::json;

namespace {

double seconds(std::int64_t ms) {
    return static_cast<double>(ms) / 1000;
}

}  // namespace

Accounts::Accounts(store::Store& store, AccountLimits limits, std::function<std::int64_t()> clock)
    : store_(store),
      limits_(limits),
      clock_(clock ? std::move(clock) : [] {
          return std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::system_clock::now().time_since_epoch())
              .count();
      }),
      by_address_(limits.sign_in_per_minute / 60, limits.sign_in_burst),
      new_accounts_(limits.register_per_hour / 3600, limits.register_burst),
      wrong_passwords_(limits.wrong_passwords),
      wrong_codes_(limits.wrong_codes),

      hashing_(limits.hashing) {
    // Accounts made before names had skeletons (schema 9) get theirs now;
    // of two old names that look alike, the older keeps the skeleton.
    for (const auto& [id, name] : store_.accounts_without_skeletons())
        store_.add_skeletons(id, name_skeletons(name));
}

// A new account's name, checked: NFC and visible (text.h), then the rules
// of names, the reserved list, and every other account's name and look.
Accounts::NewName Accounts::new_name(const std::string& typed) const {
    TextRule rule;
    rule.max_characters = 100;  // name_key() counts more strictly
    NewName out;
    out.name = checked_text("name", typed, rule);
    Refusal why;
    out.key = name_key(out.name, &why);
    if (out.key.empty()) fail(why);
    const json named = {{"name", printable(out.name, kMaxQuoted)}};
    if (reserved_name(out.name)) fail("acc.reserved", named);
    out.skeletons = name_skeletons(out.name);
    if (store_.account_by_key(out.key)) fail("acc.taken", named);
    if (store_.skeleton_taken(out.skeletons)) fail("acc.lookalike", named);
    return out;
}

std::int64_t Accounts::now() const {
    return clock_();
}

// The accounts' rows of the route table (routes.h): every one but the push
// service's key reads or writes the accounts in the store.
void Accounts::add_routes(RouteTable& table) {
    using enum Who;
    using enum RateClass;
    constexpr auto disk = Handler::Lane::Disk;
    const auto on = [this](ApiResponse (Accounts::*handler)(const ApiRequest&)) {
        return
            [this, handler](const ApiRequest& r, const PathArgs&) { return (this->*handler)(r); };
    };
    const auto named =
        [this](ApiResponse (Accounts::*handler)(const ApiRequest&, const std::string&)) {
            return [this, handler](const ApiRequest& r, const PathArgs& args) {
                return (this->*handler)(r, args.at("id"));
            };
        };
    const auto out = [this](bool everywhere) {
        return [this, everywhere](const ApiRequest& r, const PathArgs&) {
            return logout(r, everywhere);
        };
    };
    table.add({"POST", "/api/account/register", Anyone, disk, NewAccount,
               on(&Accounts::register_account)});
    table.add({"POST", "/api/account/login", Anyone, disk, SignIn, on(&Accounts::login)});
    table.add({"POST", "/api/account/logout", Account, disk, Plain, out(false)});
    table.add({"POST", "/api/account/logout-everywhere", Account, disk, Plain, out(true)});
    table.add({"GET", "/api/account", Account, disk, Plain, on(&Accounts::whoami)});
    table.add({"POST", "/api/account/passkey/register/begin", Anyone, disk, Ceremony,
               on(&Accounts::passkey_register_begin)});
    table.add({"POST", "/api/account/passkey/register/finish", Anyone, disk, Ceremony,
               on(&Accounts::passkey_register_finish)});
    table.add({"POST", "/api/account/passkey/login/begin", Anyone, disk, Ceremony,
               on(&Accounts::passkey_login_begin)});
    table.add({"POST", "/api/account/passkey/login/finish", Anyone, disk, Ceremony,
               on(&Accounts::passkey_login_finish)});
    table.add({"GET", "/api/account/passkeys", Account, disk, Plain, on(&Accounts::list_passkeys)});
    table.add({"POST", "/api/account/recovery-codes", Account, disk, SignIn,
               on(&Accounts::recovery_codes)});
    table.add({"POST", "/api/account/recover", Anyone, disk, SignIn, on(&Accounts::recover)});
    table.add(
        {"POST", "/api/account/delete", Account, disk, SignIn, on(&Accounts::delete_account)});
    table.add({"GET", "/api/account/relations", Account, disk, Plain, on(&Accounts::relations)});
    table.add(
        {"POST", "/api/account/relations", Account, disk, Plain, on(&Accounts::set_relation)});
    table.add({"POST", "/api/account/notifications", Account, disk, Plain,
               on(&Accounts::set_notifications)});
    table.add({"POST", "/api/account/push", Account, disk, Plain, on(&Accounts::subscribe_push)});
    table.add({"POST", "/api/account/push/remove", Account, disk, Plain,
               on(&Accounts::unsubscribe_push)});
    table.add({"GET", "/api/push/key", Anyone, Handler::Lane::Quick, Plain,
               [this](const ApiRequest&, const PathArgs&) { return push_key(); }});
    table.add({"POST", "/api/moderation/accounts/:id/suspend", Moderator, disk, Plain,
               named(&Accounts::suspend)});
    table.add(
        {"GET", "/api/players/:id", Anyone, disk, Plain,
         [this](const ApiRequest&, const PathArgs& args) { return get_player(args.at("id")); }});
    table.add({"GET", "/api/players/:id/rating-history", Anyone, disk, Plain,
               named(&Accounts::get_history)});
    table.add(
        {"GET", "/api/leaderboard/:id", Anyone, disk, Plain, named(&Accounts::get_leaderboard)});
}

ApiResponse Accounts::register_account(const ApiRequest& r) {
    const json body = parse_body(r, 8);
    const NewName name = new_name(get_string(body, "name"));
    const std::string password = get_string(body, "password");
    if (const Refusal problem = password_refusal(name.name, password)) fail(problem);
    if (!new_accounts_.allow(r.client, seconds(now()))) fail("acc.newAccounts");
    store::AccountRow row{0, name.name, "", now()};
    {
        HashingSlot slot(hashing_, r.client);
        row.password = hash_password(password);
    }
    if (!store_.create_account(row, name.key, name.skeletons))
        fail("acc.taken", {{"name", printable(name.name, kMaxQuoted)}});
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
    if (!by_address_.allow(r.client, at)) fail("acc.attempts.address");
    if (!key.empty()) {
        const FailureGuard::Held held = wrong_passwords_.refused(key, r.client, at);
        if (held == FailureGuard::Held::network) fail("acc.wrongPasswords.network");
        if (held == FailureGuard::Held::account) fail("acc.wrongPasswords.account");
    }
    const auto account = key.empty() ? std::nullopt : store_.account_by_key(key);
    // An unknown name costs the same digest as a known one, so neither the
    // answer nor its time says which names exist.
    static const std::string kNobody = hash_password("no account has this password");
    bool ok = false;
    {
        HashingSlot slot(hashing_, r.client);
        ok = password_matches(account && !account->password.empty() ? account->password : kNobody,
                              password.size() <= kMaxPassword ? password : "");
    }
    if (!account || !ok) {
        if (!key.empty()) wrong_passwords_.failed(key, r.client, at);
        fail("acc.wrong");
    }
    wrong_passwords_.succeeded(key, r.client);
    ApiResponse out(200, {{"name", account->name}, {"created", account->created_ms}});
    start_session(out, account->id);
    return out;
}

ApiResponse Accounts::logout(const ApiRequest& r, bool everywhere) {
    const auto account = signed_in(r);
    if (!account) fail("acc.signedOut");
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
        fail("acc.suspendedUntil", {{"time", utc_time(row->suspended_until)}});

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
