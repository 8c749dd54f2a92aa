// Chat of online games (chat.h).
#include "server/chat/chat.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "core/text.h"
#include "server/game_service.h"
#include "server/json_args.h"
#include "server/routes.h"
#include "server/text.h"

namespace asterism::server {

using nlohmann::json;

namespace {

constexpr std::string_view kPlayers = "players", kSpectators = "spectators";
// The shares of a room's messages (ChatLimits::per_room) one writer holds:
// a seat half of the players' room; an account a tenth, a network a
// quarter of the spectators'.
constexpr std::int64_t kSeatShare = 2, kAccountShare = 10, kNetworkShare = 4;
// Game and network pairs counted at once (about 100 bytes each).
constexpr std::size_t kMaxNetworkKeys = 100000;

// A message's text, trimmed; 400 for what a message may not be.
std::string message_text(const json& body, std::size_t max_chars) {
    TextRule rule;
    rule.max_characters = max_chars;
    return checked_text("text", get_string(body, "text"), rule);
}

// A message's number in a path; 404 for anything else.
std::int64_t message_id(const std::string& s) {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos)
        fail("chat.none", {{"id", printable(s, kMaxQuoted)}});
    return std::stoll(s);
}

std::string room_of(std::string_view room) {
    if (room != kPlayers && room != kSpectators) fail("chat.room");
    return std::string(room);
}

}  // namespace

struct Chat::Reader {
    GameService::Seating seating;
    std::int64_t account = 0;
    std::string name;  // as the message shows it
    bool may_read(std::string_view room) const {
        return room == kPlayers ? seating.seat >= 0 : (seating.seat < 0 || seating.over);
    }
    // Why the reader may not write in the room (a 403 of the catalogue), or nothing.
    std::optional<ErrorCode> cannot_write(std::string_view room) const {
        if (room == kPlayers) {
            if (seating.seat >= 0) return std::nullopt;
            return ErrorCode("chat.onlyPlayers");
        }
        if (seating.seat >= 0) return ErrorCode("chat.playersWrite");
        if (account != 0) return std::nullopt;
        return ErrorCode("chat.signIn");
    }
};

Chat::Chat(store::Store& store, GameService& games, ChatLimits limits,
           std::function<std::int64_t()> clock)
    : store_(store),
      games_(games),
      limits_(limits),
      clock_(clock ? std::move(clock) : [] {
          return std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::system_clock::now().time_since_epoch())
              .count();
      }),
      senders_(limits.per_second, limits.burst) {}

// The chat's rows of the route table (routes.h): the rooms and the
// moderators' list are in the store.
void Chat::add_routes(RouteTable& table) {
    using enum Who;
    constexpr auto disk = Handler::Lane::Disk;
    table.add({"GET", "/api/games/:id/chat", Anyone, disk, RateClass::Plain,
               [this](const ApiRequest& r, const PathArgs& a) { return read(r, a.at("id")); }});
    table.add({"POST", "/api/games/:id/chat", Anyone, disk, RateClass::Chat,
               [this](const ApiRequest& r, const PathArgs& a) { return write(r, a.at("id")); }});
    table.add({"POST", "/api/games/:id/chat/:msg/report", Anyone, disk, RateClass::Plain,
               [this](const ApiRequest& r, const PathArgs& a) {
                   return report(r, a.at("id"), a.at("msg"));
               }});
    table.add({"GET", "/api/moderation/reports", Moderator, disk, RateClass::Plain,
               [this](const ApiRequest& r, const PathArgs&) { return reports(r); }});
    table.add({"POST", "/api/moderation/messages/:id/hide", Moderator, disk, RateClass::Plain,
               [this](const ApiRequest& r, const PathArgs& a) { return hide(r, a.at("id")); }});
}

Chat::Reader Chat::reader(const ApiRequest& r, const std::string& game_id) {
    Reader who{games_.seating(game_id, r), r.account, r.account_name};
    if (who.seating.seat >= 0)
        who.name = who.seating.names[static_cast<std::size_t>(who.seating.seat)];
    return who;
}

ApiResponse Chat::read(const ApiRequest& r, const std::string& game_id) {
    const std::string room = room_of(r.query.count("room") ? r.query.at("room") : "");
    const Reader who = reader(r, game_id);
    if (!who.may_read(room))
        room == kPlayers ? fail("chat.playersRoom") : fail("chat.spectatorsRoom");
    std::int64_t after = 0;
    if (const auto it = r.query.find("after"); it != r.query.end()) {
        if (it->second.empty() || it->second.size() > 18 ||
            it->second.find_first_not_of("0123456789") != std::string::npos)
            fail("chat.after");
        after = std::stoll(it->second);  // at most 18 digits: no overflow
    }
    json messages = json::array();
    for (const store::ChatRow& m : store_.chat(game_id, room, after, limits_.page)) {
        if (m.hidden) continue;
        if (who.account != 0 && m.account != 0 && m.account != who.account) {
            const store::RelationRow rel = store_.relation(who.account, m.account);
            if (rel.mute || rel.block) continue;
        }
        const bool mine = (who.account != 0 && m.account == who.account) ||
                          (who.seating.seat >= 0 && m.seat == who.seating.seat);
        messages.push_back(
            {{"id", m.id}, {"from", m.name}, {"text", m.text}, {"at", m.at_ms}, {"mine", mine}});
    }
    const std::optional<ErrorCode> why = who.cannot_write(room);
    json out = {{"room", room}, {"messages", messages}, {"can_write", !why}};
    // The English line and its code, which the page translates (errors.h).
    if (why) {
        out["why"] = std::string(why->entry().text);
        out["why_code"] = std::string(why->entry().code);
    }
    return {200, out};
}

ApiResponse Chat::write(const ApiRequest& r, const std::string& game_id) {
    const json body = parse_body(r, 4);
    const std::string room = room_of(get_string(body, "room"));
    const std::string text = message_text(body, limits_.max_chars);
    const Reader who = reader(r, game_id);
    if (const std::optional<ErrorCode> why = who.cannot_write(room)) fail(*why);
    if (who.account != 0) {
        const auto me = store_.account(who.account);
        if (me && me->suspended_until > clock_()) fail("acc.suspended");
    }
    const std::string sender = who.account != 0
                                   ? "account " + std::to_string(who.account)
                                   : game_id + " seat " + std::to_string(who.seating.seat);
    if (!senders_.allow(sender, static_cast<double>(clock_()) / 1000)) fail("chat.fast");
    store::ChatRow m{0, game_id, room, who.account, who.seating.seat, who.name, text, clock_()};
    const bool players = room == kPlayers;
    const std::int64_t per_writer =
        players ? (limits_.per_room + 1) / kSeatShare
                : std::max<std::int64_t>(1, limits_.per_room / kAccountShare);
    if (!players) count_network(game_id, r.client);
    const store::Store::ChatFit fit = store_.add_chat(m, limits_.per_room, per_writer);
    if (fit != store::Store::ChatFit::stored && !players) release_network(game_id, r.client);
    if (fit == store::Store::ChatFit::room_full)
        players ? fail("chat.playersFull", {{"n", limits_.per_room}})
                : fail("chat.spectatorsFull", {{"n", limits_.per_room}});
    if (fit == store::Store::ChatFit::writer_full) fail("chat.writerShare", {{"n", per_writer}});
    games_.notice(game_id, "chat", json{{"room", room}, {"id", m.id}}.dump());
    return {
        201,
        {{"message",
          {{"id", m.id}, {"from", m.name}, {"text", m.text}, {"at", m.at_ms}, {"mine", true}}}}};
}

ApiResponse Chat::report(const ApiRequest& r, const std::string& game_id, const std::string& msg) {
    const json body = parse_body(r, 4);
    TextRule reason_rule;
    reason_rule.max_characters = limits_.max_reason;
    reason_rule.may_be_empty = true;
    const std::string reason = checked_text("reason", get_string(body, "reason", ""), reason_rule);
    if (reason.size() > limits_.max_reason) fail("chat.reason", {{"n", limits_.max_reason}});
    const std::int64_t id = message_id(msg);
    const auto m = store_.chat_message(id);
    if (!m || m->game_id != game_id) fail("chat.noneHere", {{"id", printable(msg, kMaxQuoted)}});
    const Reader who = reader(r, game_id);
    if (!who.may_read(m->room)) fail("chat.cannotRead");
    if ((who.account != 0 && m->account == who.account) ||
        (who.seating.seat >= 0 && m->seat == who.seating.seat))
        fail("chat.own");
    const std::string reporter =
        who.account != 0 ? who.name : "guest in seat " + std::to_string(who.seating.seat + 1);
    if (!store_.add_report(id, reporter, reason, clock_(), limits_.open_reports))
        fail("chat.modsFull");
    return {200, {{"reported", true}}};
}

void Chat::count_network(const std::string& game_id, const std::string& network) {
    const std::int64_t share = std::max<std::int64_t>(1, limits_.per_room / kNetworkShare);
    const std::string key = game_id + " " + network;
    std::lock_guard lock(networks_mutex_);
    const auto it = network_messages_.find(key);
    if (it != network_messages_.end() && it->second >= share)
        fail("chat.networkShare", {{"n", share}});
    if (it != network_messages_.end()) {
        ++it->second;
        return;
    }
    if (network_order_.size() >= kMaxNetworkKeys) {
        network_messages_.erase(network_order_.front());
        network_order_.pop_front();
    }
    network_messages_[key] = 1;
    network_order_.push_back(key);
}

void Chat::release_network(const std::string& game_id, const std::string& network) {
    std::lock_guard lock(networks_mutex_);
    const auto it = network_messages_.find(game_id + " " + network);
    if (it != network_messages_.end() && it->second > 0) --it->second;
}

void Chat::require_moderator(const ApiRequest& r) const {
    if (r.account == 0) fail("acc.signedOut");
    const auto me = store_.account(r.account);
    if (!me || me->role != "moderator") fail("acc.moderators");
}

ApiResponse Chat::reports(const ApiRequest& r) {
    require_moderator(r);
    json list = json::array();
    for (const store::ReportRow& x : store_.open_reports(200))
        list.push_back({{"id", x.id},
                        {"message",
                         {{"id", x.message.id},
                          {"game", x.message.game_id},
                          {"room", x.message.room},
                          {"from", x.message.name},
                          {"text", x.message.text},
                          {"at", x.message.at_ms},
                          {"hidden", x.message.hidden}}},
                        {"reporter", x.reporter},
                        {"reason", x.reason},
                        {"at", x.at_ms}});
    return {200, {{"reports", list}}};
}

ApiResponse Chat::hide(const ApiRequest& r, const std::string& msg) {
    require_moderator(r);
    const json body = parse_body(r, 4);
    const bool hidden = get_bool(body, "hidden", true);
    const std::int64_t id = message_id(msg);
    const auto message = store_.chat_message(id);
    if (!message) fail("chat.none", {{"id", printable(msg, kMaxQuoted)}});
    // Moderators do not act on each other (docs/accounts.md).
    if (const auto author = store_.account(message->account);
        author && author->role == "moderator" && author->id != r.account)
        fail("acc.moderatorOnModerator");

    store_.set_hidden(id, hidden);
    return {200, {{"id", id}, {"hidden", hidden}}};
}

}  // namespace asterism::server
