// Players who stay (docs/accounts.md), through the API without sockets:
// recovery codes, deleting an account, chat and its limits, mutes, blocks,
// challenges, reports and moderators, "my games" and a player's games, the
// download, and the notices a player whose page is closed is sent. Each
// rule is also tried as a hostile client would: no session, another
// account's session, a wrong secret, bad input.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/accounts_rig.h"
#include "server/net/message.h"
#include "server/site.h"

namespace asterism::server {
namespace {

const char* kPassword = "correct horse";

// Two accounts and a game between them (an invitation taken by the second).
struct Table2 {
    explicit Table2(AccountsRig& a) : rig(a) {
        ann = a.signed_up("Ann", kPassword);
        bob = a.signed_up("Bob", kPassword);
        const ApiResponse made = a.call("POST", "/api/games", {{"game", "starstar:size=6"}}, ann);
        EXPECT_EQ(made.status, 201) << made.body.dump();
        id = made.body["id"];
        const std::string link = made.body["links"]["invite"];
        EXPECT_EQ(a.call("POST", "/api/games/" + id + "/join", json::object(), bob, "203.0.113.9",
                         link.substr(link.find("secret=") + 7))
                      .status,
                  200);
    }
    ApiResponse say(const std::string& who, const std::string& room, const std::string& text) {
        return rig.call("POST", "/api/games/" + id + "/chat", {{"room", room}, {"text", text}},
                        who);
    }
    ApiResponse read(const std::string& who, const std::string& room) {
        ApiRequest r;
        r.method = "GET";
        r.path = "/api/games/" + id + "/chat";
        r.query["room"] = room;
        r.cookie = who;
        r.client = "203.0.113.5";
        return rig.rig.api.handle(r);
    }
    std::vector<std::string> texts(const std::string& who, const std::string& room) {
        std::vector<std::string> out;
        const ApiResponse r = read(who, room);
        for (const json& m : r.body["messages"]) out.push_back(m["text"]);
        return out;
    }
    AccountsRig& rig;
    std::string ann, bob, id;
};

TEST(Recovery, CodesAreShownOnceWorkOnceAndReplaceTheOldOnes) {
    AccountsRig a;
    const ApiResponse made =
        a.call("POST", "/api/account/register", {{"name", "Vera"}, {"password", kPassword}});
    ASSERT_EQ(made.body["recovery_codes"].size(), 10u);
    const std::string code = made.body["recovery_codes"][0];
    const std::string cookie = AccountsRig::cookie_of(made);
    // Typed in capitals and without dashes, it still works: once.
    std::string typed;
    for (const char c : code)
        if (c != '-')
            typed.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    const ApiResponse in =
        a.call("POST", "/api/account/recover",
               {{"name", "vera"}, {"code", typed}, {"password", "a new phrase"}});
    ASSERT_EQ(in.status, 200) << in.body.dump();
    EXPECT_EQ(in.body["codes_left"], 9);
    EXPECT_FALSE(AccountsRig::cookie_of(in).empty());
    a.now += 60000;  // past the account's sign-in limit
    const ApiResponse again =
        a.call("POST", "/api/account/recover", {{"name", "Vera"}, {"code", code}});
    EXPECT_EQ(again.status, 401);
    const ApiResponse nobody =
        a.call("POST", "/api/account/recover", {{"name", "Nobody"}, {"code", code}});
    EXPECT_EQ(error_of(nobody), error_of(again));  // unknown name and used code: one answer
    // The new password signs in; the old does not.
    a.now += 60000;
    EXPECT_EQ(a.call("POST", "/api/account/login", {{"name", "Vera"}, {"password", "a new phrase"}})
                  .status,
              200);
    EXPECT_EQ(
        a.call("POST", "/api/account/login", {{"name", "Vera"}, {"password", kPassword}}).status,
        401);
    // New codes: the old ones stop working. (The new password ended the
    // session the account began with; the recovering browser's goes on.)
    a.now += 60000;
    EXPECT_EQ(a.call("POST", "/api/account/recovery-codes", json::object(), cookie).status, 401);
    const ApiResponse fresh =
        a.call("POST", "/api/account/recovery-codes", json::object(), AccountsRig::cookie_of(in));
    ASSERT_EQ(fresh.status, 200);
    EXPECT_EQ(a.call("POST", "/api/account/recover",
                     {{"name", "Vera"}, {"code", made.body["recovery_codes"][1]}})
                  .status,
              401);
    EXPECT_EQ(a.call("POST", "/api/account/recover",
                     {{"name", "Vera"}, {"code", fresh.body["recovery_codes"][1]}})
                  .status,
              200);
    EXPECT_EQ(a.call("POST", "/api/account/recovery-codes", json::object()).status, 401);
}

// A password set with a recovery code ends every other session of the
// account: a thief's stolen session does not outlive the owner's recovery.
TEST(Recovery, ANewPasswordEndsEveryOtherSession) {
    AccountsRig a;
    const ApiResponse made =
        a.call("POST", "/api/account/register", {{"name", "Raisa"}, {"password", kPassword}});
    const std::string owner = AccountsRig::cookie_of(made);
    const std::string thief = AccountsRig::cookie_of(
        a.call("POST", "/api/account/login", {{"name", "raisa"}, {"password", kPassword}}, {},
               "192.0.2.66"));
    ASSERT_EQ(a.call("GET", "/api/account", {}, thief).status, 200);
    // Without a new password the code only signs in: nothing else ends.
    const ApiResponse in = a.call("POST", "/api/account/recover",
                                  {{"name", "Raisa"}, {"code", made.body["recovery_codes"][0]}});
    ASSERT_EQ(in.status, 200) << in.body.dump();
    EXPECT_EQ(a.call("GET", "/api/account", {}, thief).status, 200);
    const ApiResponse reset = a.call(
        "POST", "/api/account/recover",
        {{"name", "Raisa"}, {"code", made.body["recovery_codes"][1]}, {"password", "a new phrase"}},
        owner);
    ASSERT_EQ(reset.status, 200) << reset.body.dump();
    EXPECT_EQ(reset.body["sessions_ended"], 3);
    for (const std::string& ended : {thief, owner, AccountsRig::cookie_of(in)})
        EXPECT_EQ(a.call("GET", "/api/account", {}, ended).status, 401);
    EXPECT_EQ(a.call("GET", "/api/account", {}, AccountsRig::cookie_of(reset)).status, 200);
}

// Wrong recovery codes have their own limit, of the same shape as wrong
// passwords' (per name and network, and per name), shared with neither.
TEST(Recovery, WrongCodesAndWrongPasswordsAreLimitedApart) {
    AccountsRig a;
    const ApiResponse made =
        a.call("POST", "/api/account/register", {{"name", "Timur"}, {"password", kPassword}});
    auto recover = [&](const std::string& code, const std::string& network) {
        return a.call("POST", "/api/account/recover", {{"name", "timur"}, {"code", code}}, {},
                      network);
    };
    auto login = [&](const std::string& password, const std::string& network) {
        return a.call("POST", "/api/account/login", {{"name", "timur"}, {"password", password}}, {},
                      network);
    };
    for (int i = 0; i < 5; ++i) EXPECT_EQ(login("guess", "192.0.2.1").status, 401);
    EXPECT_EQ(login(kPassword, "192.0.2.1").status, 429);
    EXPECT_EQ(recover(made.body["recovery_codes"][0], "192.0.2.1").status, 200);
    const std::string wrong = "aaaa-bbbb-cccc-dddd";
    for (int i = 0; i < 5; ++i) EXPECT_EQ(recover(wrong, "192.0.2.2").status, 401);
    const ApiResponse held = recover(made.body["recovery_codes"][1], "192.0.2.2");
    EXPECT_EQ(held.status, 429);
    EXPECT_NE(error_of(held).find("wrong recovery codes"), std::string::npos) << error_of(held);
    EXPECT_EQ(login(kPassword, "192.0.2.2").status, 200);
    EXPECT_EQ(recover(made.body["recovery_codes"][1], "192.0.2.3").status, 200);
}

TEST(Deleting, TheAccountGoesItsGamesStayUnderANeutralName) {
    AccountsRig a;
    Table2 t(a);
    ASSERT_EQ(t.say(t.bob, "players", "good luck").status, 201);
    EXPECT_EQ(a.call("POST", "/api/account/delete", {{"confirm", "Ann"}}, t.bob).status, 400);
    EXPECT_EQ(a.call("POST", "/api/account/delete", {{"confirm", "Bob"}}).status, 401);
    const ApiResponse gone = a.call("POST", "/api/account/delete", {{"confirm", "bob"}}, t.bob);
    ASSERT_EQ(gone.status, 200) << gone.body.dump();
    EXPECT_EQ(a.call("GET", "/api/account", {}, t.bob).status, 401);
    EXPECT_EQ(a.call("GET", "/api/players/Bob", {}).status, 404);
    const json state = a.call("GET", "/api/games/" + t.id, {}).body;
    EXPECT_EQ(state["seats"][1]["name"], accounts::kDeletedName);
    EXPECT_EQ(state["seats"][1]["account"], false);
    EXPECT_EQ(t.texts(t.ann, "players"), std::vector<std::string>{"good luck"});
    // Nothing in the store names Bob any more; the name is free again.
    for (const store::EventRow& e : a.rig.store.events(t.id))
        EXPECT_EQ(e.data.find("Bob"), std::string::npos) << e.data;
    EXPECT_EQ(a.rig.store.game(t.id)->seats.find("Bob"), std::string::npos);
    a.signed_up("Bob", "another phrase");
    EXPECT_EQ(a.call("GET", "/api/games/" + t.id, {}).body["seats"][1]["name"],
              accounts::kDeletedName);
}

TEST(Chat, PlayersTalkInTheirRoomAndSpectatorsInTheirs) {
    AccountsRig a;
    Table2 t(a);
    const std::string eve = a.signed_up("Eve", kPassword);
    EXPECT_EQ(t.say(t.ann, "players", "  hello  ").status, 201);
    EXPECT_EQ(t.texts(t.bob, "players"), std::vector<std::string>{"hello"});  // trimmed
    // A spectator neither reads nor writes the players' room...
    EXPECT_EQ(t.read(eve, "players").status, 403);
    EXPECT_EQ(t.say(eve, "players", "hi").status, 403);
    EXPECT_EQ(t.read("", "players").status, 403);
    // ...and writes in the spectators' room, which the players read only
    // once the game has ended; a guest spectator only reads it.
    EXPECT_EQ(t.say(eve, "spectators", "nice opening").status, 201);
    EXPECT_EQ(t.say(t.ann, "spectators", "thanks").status, 403);
    EXPECT_EQ(t.read(t.ann, "spectators").status, 403);
    EXPECT_EQ(t.texts("", "spectators"), std::vector<std::string>{"nice opening"});
    EXPECT_EQ(t.read("", "spectators").body["can_write"], false);
    EXPECT_EQ(t.say("", "spectators", "me too").status, 403);
    ASSERT_EQ(a.call("POST", "/api/games/" + t.id + "/resign", json::object(), t.bob).status, 200);
    EXPECT_EQ(t.texts(t.ann, "spectators"), std::vector<std::string>{"nice opening"});
    EXPECT_EQ(t.texts(t.ann, "players"), std::vector<std::string>{"hello"});
}

TEST(Chat, AGuestPlayerTalksByTheSeatsSecretAndAWrongSecretDoesNot) {
    AccountsRig a;
    const ApiResponse made = a.call("POST", "/api/games", {{"game", "starstar:size=6"}});
    ASSERT_EQ(made.status, 201);
    const std::string id = made.body["id"], secret = made.body["secret"];
    auto say = [&](const std::string& with) {
        ApiRequest r;
        r.method = "POST";
        r.path = "/api/games/" + id + "/chat";
        r.body = json{{"room", "players"}, {"text", "anyone there?"}}.dump();
        r.content_type = "application/json";
        r.authorization = "Bearer " + with;
        r.client = "203.0.113.5";
        return a.rig.api.handle(r);
    };
    EXPECT_EQ(say(secret).status, 201);
    EXPECT_EQ(say(std::string(32, 'a')).status, 403);
    EXPECT_EQ(a.call("POST", "/api/games/" + std::string(32, 'f') + "/chat",
                     {{"room", "players"}, {"text", "x"}}, "", "203.0.113.5", secret)
                  .status,
              404);
}

TEST(Chat, TextAndRateAreBounded) {
    AccountsRig a;
    Table2 t(a);
    for (const std::string& bad :
         {std::string(""), std::string("   "), std::string(301, 'x'), std::string("two\nlines"),
          std::string("a\xe2\x80\xae"
                      "b")}) {
        const ApiResponse r = t.say(t.ann, "players", bad);
        EXPECT_EQ(r.status, 400) << bad;
        EXPECT_FALSE(error_of(r).empty());
    }
    // Bytes that are not UTF-8, as a hostile client sends them.
    ApiRequest raw;
    raw.method = "POST";
    raw.path = "/api/games/" + t.id + "/chat";
    raw.body = "{\"room\":\"players\",\"text\":\"\xff\xfe\"}";
    raw.content_type = "application/json";
    raw.cookie = t.ann;
    raw.client = "203.0.113.5";
    EXPECT_EQ(a.rig.api.handle(raw).status, 400);
    EXPECT_EQ(t.say(t.ann, "players", std::string(300, 'x')).status, 201);
    EXPECT_EQ(t.say(t.ann, "lounge", "hi").status, 400);
    // A burst of 5, then one every 2 s.
    int ok = 1;
    for (int i = 0; i < 10; ++i) ok += t.say(t.ann, "players", "spam").status == 201;
    EXPECT_EQ(ok, 5);
    EXPECT_EQ(t.say(t.ann, "players", "spam").status, 429);
    a.now += 2000;
    EXPECT_EQ(t.say(t.ann, "players", "later").status, 201);
}

TEST(Chat, AGamesChatIsBoundedInCount) {
    AccountsRig b;
    Table2 t(b);
    Chat small(b.rig.store, b.rig.service, ChatLimits{300, 100, 100, 3}, [&] { return b.now; });
    b.rig.api.attach_chat(&small);
    for (int i = 0; i < 2; ++i) EXPECT_EQ(t.say(t.ann, "players", "m").status, 201);
    EXPECT_EQ(t.say(t.ann, "players", "m").status, 429);  // a seat holds half the room
    EXPECT_EQ(t.say(t.bob, "players", "m").status, 201);
    const ApiResponse full = t.say(t.bob, "players", "one more");
    EXPECT_EQ(full.status, 429);
    EXPECT_NE(error_of(full).find("full"), std::string::npos);
    b.rig.api.attach_chat(&b.chat);
}

// Issue 41: 40 spectator accounts filled the game's 1,000 messages in 43 s
// and silenced the players' own room.
TEST(Chat, EachRoomHasItsOwnCapAndNoSpectatorNetworkTakesItAll) {
    AccountsRig b;
    Table2 t(b);
    // 20 a room: a seat 10, a spectator account 2, a network 5.
    Chat small(b.rig.store, b.rig.service, ChatLimits{300, 1000, 1000, 20}, [&] { return b.now; });
    b.rig.api.attach_chat(&small);
    auto spectate = [&](const std::string& cookie, const std::string& network) {
        return b.call("POST", "/api/games/" + t.id + "/chat",
                      {{"room", "spectators"}, {"text", "hello"}}, cookie, network);
    };
    auto account_on = [&](const std::string& name, const std::string& network) {
        return AccountsRig::cookie_of(b.call("POST", "/api/account/register",
                                             {{"name", name}, {"password", kPassword}}, {},
                                             network));
    };
    // One network's three accounts: two messages each at most, five together.
    const std::string crowd = "2001:db8:1:2::/64";
    std::vector<std::string> crowded;
    for (int k = 0; k < 3; ++k) crowded.push_back(account_on("crowd" + std::to_string(k), crowd));
    EXPECT_EQ(spectate(crowded[0], crowd).status, 201);
    EXPECT_EQ(spectate(crowded[0], crowd).status, 201);
    EXPECT_EQ(spectate(crowded[0], crowd).status, 429);  // the account's share
    EXPECT_EQ(spectate(crowded[1], crowd).status, 201);
    EXPECT_EQ(spectate(crowded[1], crowd).status, 201);
    EXPECT_EQ(spectate(crowded[2], crowd).status, 201);
    const ApiResponse network_full = spectate(crowded[2], crowd);
    EXPECT_EQ(network_full.status, 429);
    EXPECT_NE(error_of(network_full).find("network"), std::string::npos);
    // Other networks fill the spectators' room (5 + 3 x 5 = 20)...
    for (int n = 1; n <= 3; ++n) {
        const std::string network = "198.51.100." + std::to_string(n);
        for (int k = 0; k < 3; ++k) {
            const std::string me = account_on("s" + std::to_string(n) + std::to_string(k), network);
            for (int m = 0; m < (k < 2 ? 2 : 1); ++m)
                EXPECT_EQ(spectate(me, network).status, 201) << n << " " << k;
        }
    }
    const ApiResponse full = spectate(account_on("late", "198.51.100.9"), "198.51.100.9");
    EXPECT_EQ(full.status, 429);
    EXPECT_NE(error_of(full).find("spectators' room is full"), std::string::npos);
    // ...and the players' own room is untouched by it.
    EXPECT_EQ(t.say(t.ann, "players", "still here").status, 201);
    EXPECT_EQ(t.say(t.bob, "players", "so am I").status, 201);
    b.rig.api.attach_chat(&b.chat);
}

TEST(Chat, AMutedPlayersMessagesAreLeftOut) {
    AccountsRig a;
    Table2 t(a);
    ASSERT_EQ(t.say(t.ann, "players", "before").status, 201);
    EXPECT_EQ(a.call("POST", "/api/account/relations", {{"name", "Bob"}, {"mute", true}}).status,
              401);
    EXPECT_EQ(a.call("POST", "/api/account/relations", {{"name", "Nobody"}, {"mute", true}}, t.bob)
                  .status,
              404);
    EXPECT_EQ(
        a.call("POST", "/api/account/relations", {{"name", "Bob"}, {"mute", true}}, t.bob).status,
        400);  // oneself
    const ApiResponse muted =
        a.call("POST", "/api/account/relations", {{"name", "ann"}, {"mute", true}}, t.bob);
    ASSERT_EQ(muted.status, 200);
    EXPECT_EQ(muted.body["name"], "Ann");
    ASSERT_EQ(t.say(t.ann, "players", "after").status, 201);
    EXPECT_TRUE(t.texts(t.bob, "players").empty());
    EXPECT_EQ(t.texts(t.ann, "players"), (std::vector<std::string>{"before", "after"}));
    const json list = a.call("GET", "/api/account/relations", {}, t.bob).body["relations"];
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0]["mute"], true);
    a.call("POST", "/api/account/relations", {{"name", "Ann"}, {"mute", false}}, t.bob);
    EXPECT_EQ(t.texts(t.bob, "players").size(), 2u);
}

TEST(Moderation, AReportReachesModeratorsWhoHideItAndSuspend) {
    AccountsRig a;
    Table2 t(a);
    const std::string mod = a.signed_up("Moda", kPassword);
    ASSERT_EQ(t.say(t.ann, "players", "something rude").status, 201);
    const std::int64_t msg = t.read(t.bob, "players").body["messages"][0]["id"];
    const std::string report = "/api/games/" + t.id + "/chat/" + std::to_string(msg) + "/report";
    EXPECT_EQ(a.call("POST", report, {{"reason", "rude"}}, t.ann).status, 400);  // one's own
    EXPECT_EQ(a.call("POST", report, {{"reason", "rude"}}, mod).status, 403);    // cannot read it
    EXPECT_EQ(
        a.call("POST", "/api/games/" + t.id + "/chat/999/report", json::object(), t.bob).status,
        404);
    EXPECT_EQ(
        a.call("POST", "/api/games/" + t.id + "/chat/x1/report", json::object(), t.bob).status,
        404);
    ASSERT_EQ(a.call("POST", report, {{"reason", "rude"}}, t.bob).status, 200);
    // Only a moderator sees the list.
    EXPECT_EQ(a.call("GET", "/api/moderation/reports", {}, mod).status, 403);
    EXPECT_EQ(a.call("GET", "/api/moderation/reports", {}).status, 401);
    ASSERT_TRUE(a.rig.store.set_role(accounts::name_key("Moda"), "moderator"));
    const json reports = a.call("GET", "/api/moderation/reports", {}, mod).body["reports"];
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_EQ(reports[0]["message"]["text"], "something rude");
    EXPECT_EQ(reports[0]["reporter"], "Bob");
    EXPECT_EQ(reports[0]["reason"], "rude");
    const std::string hide = "/api/moderation/messages/" + std::to_string(msg) + "/hide";
    EXPECT_EQ(a.call("POST", hide, json::object(), t.bob).status, 403);
    ASSERT_EQ(a.call("POST", hide, json::object(), mod).status, 200);
    EXPECT_TRUE(t.texts(t.bob, "players").empty());
    EXPECT_TRUE(a.call("GET", "/api/moderation/reports", {}, mod).body["reports"].empty());
    // A suspension ends Ann's sessions and keeps her out until it ends.
    const std::string suspend = "/api/moderation/accounts/Ann/suspend";
    EXPECT_EQ(a.call("POST", suspend, {{"days", 3}}, t.bob).status, 403);
    ASSERT_EQ(a.call("POST", suspend, {{"days", 3}}, mod).status, 200);
    EXPECT_EQ(a.call("GET", "/api/account", {}, t.ann).status, 401);
    const ApiResponse in =
        a.call("POST", "/api/account/login", {{"name", "Ann"}, {"password", kPassword}});
    EXPECT_EQ(in.status, 403);
    EXPECT_NE(error_of(in).find("suspended until"), std::string::npos);
    a.now += 4 * 86400000LL;
    EXPECT_EQ(
        a.call("POST", "/api/account/login", {{"name", "Ann"}, {"password", kPassword}}).status,
        200);
}

// A moderator cannot act on another moderator (suspend them, hide what they
// wrote); the operator settles that.
TEST(Moderation, AModeratorCannotActOnAnother) {
    AccountsRig a;
    Table2 t(a);
    const std::string mod = a.signed_up("Moda", kPassword);
    ASSERT_TRUE(a.rig.store.set_role(accounts::name_key("Moda"), "moderator"));
    ASSERT_TRUE(a.rig.store.set_role(accounts::name_key("Ann"), "moderator"));
    ASSERT_EQ(t.say(t.ann, "players", "a moderator's word").status, 201);
    const std::int64_t msg = t.read(t.bob, "players").body["messages"][0]["id"];
    const ApiResponse hidden = a.call(
        "POST", "/api/moderation/messages/" + std::to_string(msg) + "/hide", json::object(), mod);
    EXPECT_EQ(hidden.status, 403);
    EXPECT_NE(error_of(hidden).find("another moderator"), std::string::npos) << error_of(hidden);
    const ApiResponse suspended =
        a.call("POST", "/api/moderation/accounts/Ann/suspend", {{"days", 3}}, mod);
    EXPECT_EQ(suspended.status, 403);
    EXPECT_EQ(a.call("GET", "/api/account", {}, t.ann).status, 200);
    // Anyone else they may still suspend.
    EXPECT_EQ(a.call("POST", "/api/moderation/accounts/Bob/suspend", {{"days", 1}}, mod).status,
              200);
}

TEST(Challenges, AChallengeKeepsTheSeatForThePlayerAndABlockRefusesIt) {
    AccountsRig a;
    std::vector<GameService::Notice> told;
    a.rig.service.on_notice([&](const GameService::Notice& n) { told.push_back(n); });
    const std::string ann = a.signed_up("Ann", kPassword), bob = a.signed_up("Bob", kPassword);
    const std::string eve = a.signed_up("Eve", kPassword);
    EXPECT_EQ(
        a.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"challenge", "Bob"}}).status,
        401);
    EXPECT_EQ(a.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"challenge", "Zed"}}, ann)
                  .status,
              404);
    const ApiResponse made =
        a.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"challenge", "bob"}}, ann);
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const std::string id = made.body["id"];
    ASSERT_EQ(told.size(), 1u);
    EXPECT_EQ(told[0].kind, "challenge");
    EXPECT_EQ(told[0].account, a.rig.store.account_by_key("bob")->id);
    // It is Bob's: first in his games, and nobody else takes the seat, not
    // even with the invitation.
    const json mine = a.call("GET", "/api/account/games", {}, bob).body["games"];
    ASSERT_EQ(mine.size(), 1u);
    EXPECT_EQ(mine[0]["challenge"], true);
    EXPECT_EQ(mine[0]["my_turn"], true);
    const std::string link = made.body["links"]["invite"];
    EXPECT_EQ(a.call("POST", "/api/games/" + id + "/join", json::object(), eve, "203.0.113.7",
                     link.substr(link.find("secret=") + 7))
                  .status,
              403);
    EXPECT_EQ(a.call("POST", "/api/games/" + id + "/join", json::object(), bob).status, 200);
    // Bob blocks Ann: no more challenges from her, nor joining his games.
    ASSERT_EQ(
        a.call("POST", "/api/account/relations", {{"name", "Ann"}, {"block", true}}, bob).status,
        200);
    const ApiResponse refused =
        a.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"challenge", "Bob"}}, ann);
    EXPECT_EQ(refused.status, 403);
    EXPECT_NE(error_of(refused).find("does not accept challenges"), std::string::npos);
    const ApiResponse open =
        a.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"lobby", true}}, bob);
    ASSERT_EQ(open.status, 201);
    const std::string open_id = open.body["id"];
    EXPECT_EQ(a.call("POST", "/api/games/" + open_id + "/join", json::object(), ann).status, 403);
    EXPECT_EQ(a.call("POST", "/api/games/" + open_id + "/join", json::object(), eve).status, 200);
}

TEST(Notices, YourTurnGoesToTheAccountToMoveAndGameOverToBoth) {
    AccountsRig a;
    std::vector<GameService::Notice> told;
    a.rig.service.on_notice([&](const GameService::Notice& n) { told.push_back(n); });
    Table2 t(a);
    const std::int64_t ann = a.rig.store.account_by_key("ann")->id;
    const std::int64_t bob = a.rig.store.account_by_key("bob")->id;
    ASSERT_FALSE(told.empty());  // the join started the game: Ann moves first
    EXPECT_EQ(told.back().kind, "your_turn");
    EXPECT_EQ(told.back().account, ann);
    const json state = a.call("GET", "/api/games/" + t.id, {}, t.ann).body;
    ASSERT_EQ(a.call("POST", "/api/games/" + t.id + "/move",
                     {{"move", state["view"]["moves"][0]["text"]}, {"ply", 0}}, t.ann)
                  .status,
              200);
    EXPECT_EQ(told.back().kind, "your_turn");
    EXPECT_EQ(told.back().account, bob);
    EXPECT_EQ(told.back().url, "/online.html#game=" + t.id);
    told.clear();
    ASSERT_EQ(a.call("POST", "/api/games/" + t.id + "/resign", json::object(), t.bob).status, 200);
    ASSERT_EQ(told.size(), 2u);
    EXPECT_EQ(told[0].kind, "game_over");
    EXPECT_EQ(told[1].kind, "game_over");
    EXPECT_NE(told[0].account, told[1].account);
}

TEST(Lists, MyGamesPutMyTurnFirstAndAPlayersGamesArePagedAndFiltered) {
    AccountsRig a;
    Table2 t(a);  // Ann to move
    const ApiResponse second = a.call("POST", "/api/games", {{"game", "asterisk"}}, t.bob);
    ASSERT_EQ(second.status, 201);
    const std::string link = second.body["links"]["invite"];
    ASSERT_EQ(a.call("POST", "/api/games/" + std::string(second.body["id"]) + "/join",
                     json::object(), t.ann, "203.0.113.5", link.substr(link.find("secret=") + 7))
                  .status,
              200);
    a.now += 1000;
    const json bobs = a.call("GET", "/api/account/games", {}, t.bob).body["games"];
    ASSERT_EQ(bobs.size(), 2u);
    EXPECT_EQ(bobs[0]["my_turn"], true);  // the asterisk game, where Bob moves first
    EXPECT_EQ(bobs[0]["game"].get<std::string>().rfind("asterisk", 0), 0u);
    EXPECT_EQ(bobs[1]["my_turn"], false);
    EXPECT_EQ(bobs[1]["opponent"], "Ann");
    ApiRequest r;
    r.method = "GET";
    r.path = "/api/players/ANN/games";
    r.client = "203.0.113.5";
    r.query = {{"game", "starstar"}};
    const json only = a.rig.api.handle(r).body;
    ASSERT_EQ(only["games"].size(), 1u);
    EXPECT_EQ(only["more"], false);
    EXPECT_EQ(only["name"], "Ann");
    EXPECT_EQ(a.call("GET", "/api/players/Ann/games", {}).body["games"].size(), 2u);
    for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
             {"page", "-1"}, {"page", "99999999"}, {"game", "chess"}}) {
        r.query = {{key, value}};
        EXPECT_EQ(a.rig.api.handle(r).status, 400) << key << "=" << value;
    }
    EXPECT_EQ(a.call("GET", "/api/players/Nobody/games", {}).status, 404);
    EXPECT_EQ(a.call("GET", "/api/account/games", {}).status, 401);
    EXPECT_EQ(a.call("POST", "/api/account/games", json::object(), t.ann).status, 405);
}

TEST(Lists, TheDownloadHoldsEveryGameWithItsRecord) {
    AccountsRig a;
    Table2 t(a);
    ASSERT_EQ(a.call("POST", "/api/games/" + t.id + "/resign", json::object(), t.bob).status, 200);
    const ApiResponse r = a.call("GET", "/api/account/export", {}, t.ann);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.download, "asterism-Ann.json");
    EXPECT_EQ(r.body["name"], "Ann");
    ASSERT_EQ(r.body["games"].size(), 1u);
    EXPECT_NE(r.body["games"][0]["record"].get<std::string>().find("Bob"), std::string::npos);
    EXPECT_EQ(a.call("GET", "/api/account/export", {}).status, 401);
}

TEST(Push, SubscriptionsAreCheckedAndBounded) {
    AccountsRig a;
    const std::string ann = a.signed_up("Ann", kPassword);
    const json sub = {{"endpoint", "https://push.example/abc"},
                      {"keys", {{"p256dh", std::string(87, 'B')}, {"auth", std::string(22, 'A')}}}};
    EXPECT_EQ(a.call("GET", "/api/push/key", {}).status, 404);  // off
    EXPECT_EQ(a.call("POST", "/api/account/push", sub, ann).status, 404);
    a.accounts.enable_push({"BKEY", false});
    EXPECT_EQ(a.call("GET", "/api/push/key", {}).body["key"], "BKEY");
    EXPECT_EQ(a.call("POST", "/api/account/push", sub).status, 401);
    json bad = sub;
    bad["endpoint"] = "http://127.0.0.1:9/x";
    EXPECT_EQ(a.call("POST", "/api/account/push", bad, ann).status, 400);
    bad = sub;
    bad["keys"]["p256dh"] = "short";
    EXPECT_EQ(a.call("POST", "/api/account/push", bad, ann).status, 400);
    for (int i = 0; i < 7; ++i) {
        json one = sub;
        one["endpoint"] = "https://push.example/" + std::to_string(i);
        a.now += 1;
        ASSERT_EQ(a.call("POST", "/api/account/push", one, ann).status, 200);
    }
    EXPECT_EQ(a.call("GET", "/api/account", {}, ann).body["push_subscriptions"], 5);
    EXPECT_EQ(
        a.call("POST", "/api/account/push/remove", {{"endpoint", "https://push.example/6"}}, ann)
            .body["removed"],
        true);
    const ApiResponse off =
        a.call("POST", "/api/account/notifications", {{"your_turn", false}}, ann);
    EXPECT_EQ(off.body["your_turn"], false);
    EXPECT_EQ(off.body["game_over"], true);
}

TEST(Chat, AnotherSitesPageCannotWriteWithTheCookie) {
    AccountsRig a;
    Table2 t(a);
    Site site(ASTERISM_WEB_DIR, ApiLimits{});
    site.api().attach(&a.rig.service, true);
    site.api().attach_accounts(&a.accounts);
    site.api().attach_chat(&a.chat);
    auto send = [&](const std::string& origin) {
        const std::string body = R"({"room":"players","text":"hi"})";
        RequestParser parser;
        parser.feed("POST /api/games/" + t.id +
                    "/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    "Cookie: " +
                    t.ann + "\r\nOrigin: " + origin +
                    "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
        auto parsed = parser.next();
        EXPECT_TRUE(parsed.request);
        parsed.request->client = "203.0.113.5";
        return site.respond(*parsed.request);
    };
    EXPECT_EQ(send("https://evil.example").status, 403);
    EXPECT_TRUE(t.texts(t.bob, "players").empty());
    EXPECT_EQ(send("http://127.0.0.1").status, 201);
    site.api().attach(nullptr, false);
    site.api().attach_accounts(nullptr);
    site.api().attach_chat(nullptr);
}

}  // namespace
}  // namespace asterism::server

namespace asterism::server {
namespace {

TEST(Ratings, TheLobbySaysWhichChallengesAreRated) {
    AccountsRig a;
    const std::string ann = a.signed_up("Ann", kPassword);
    const json clock = {{"kind", "fischer"}, {"minutes", 5}};
    ASSERT_EQ(
        a.call("POST", "/api/games",
               {{"game", "starstar:size=6"}, {"rated", true}, {"lobby", true}, {"clock", clock}},
               ann)
            .status,
        201);
    ASSERT_EQ(
        a.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"lobby", true}}, ann).status,
        201);
    const json open = a.call("GET", "/api/lobby", {}).body["open"];
    ASSERT_EQ(open.size(), 2u);
    EXPECT_NE(open[0]["rated"], open[1]["rated"]);
}

}  // namespace
}  // namespace asterism::server

namespace asterism::server {
namespace {

// Every route of this page with a session that has ended (unused for longer
// than sessions last) is a guest's: 401 where an account is needed.
TEST(Sessions, AnExpiredSessionActsForNobodyOnTheNewRoutes) {
    AccountsRig a;
    Table2 t(a);
    a.now += 181LL * 86400000;  // past the 180 days a session lasts unused
    const std::vector<std::pair<std::string, std::string>> routes{
        {"POST", "/api/account/recovery-codes"},
        {"POST", "/api/account/delete"},
        {"GET", "/api/account/export"},
        {"GET", "/api/account/games"},
        {"GET", "/api/account/relations"},
        {"POST", "/api/account/relations"},
        {"POST", "/api/account/notifications"},
        {"POST", "/api/account/push"},
        {"POST", "/api/account/push/remove"},
        {"GET", "/api/moderation/reports"},
        {"POST", "/api/moderation/accounts/Bob/suspend"}};
    for (const auto& [method, path] : routes) {
        const ApiResponse r =
            a.call(method, path, {{"confirm", "Ann"}, {"name", "Bob"}, {"endpoint", "x"}}, t.ann);
        EXPECT_EQ(r.status, 401) << method << " " << path << ": " << r.body.dump();
    }
    // A player's seat then needs its secret, as a guest's does.
    EXPECT_EQ(t.say(t.ann, "players", "still here?").status, 403);
    EXPECT_EQ(a.call("GET", "/api/account", {}, t.ann).status, 401);
}

}  // namespace
}  // namespace asterism::server
