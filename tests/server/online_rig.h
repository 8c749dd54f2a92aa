// A server on a data folder of the test's own (its database a file, as in
// the server, so that a test may also open it), with a clock the test sets
// and no threads of its own: the online tests' fixture.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "server/api.h"
#include "server/api_rig.h"
#include "server/app.h"

namespace asterism::server {

class OnlineRig : public ::testing::Test {
  protected:
    using json = nlohmann::json;

    void SetUp() override {
        // A parameterised test's name holds a '/': one folder, not two, so
        // that TearDown leaves nothing behind.
        std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        std::replace(name.begin(), name.end(), '/', '-');
        dir_ = std::filesystem::temp_directory_path() /
               ("asterism-online-" + std::to_string(::getpid()) + "-" + name);
        std::filesystem::remove_all(dir_);
        api_ = start();
    }
    void TearDown() override {
        api_.reset();
        std::filesystem::remove_all(dir_);
    }

    // A server on the test's data folder, its clock at now_, with limits_
    // or the given limits.
    std::unique_ptr<App> start() { return start(limits_); }
    std::unique_ptr<App> start(GameLimits limits) {
        ServeOptions o;
        o.seed = 7;
        o.online = {dir_.string(), store::Sync::Normal, false, [this] { return now_; }};
        o.game_limits = limits;
        return std::make_unique<App>(o);
    }
    void restart() {
        api_.reset();
        api_ = start();
    }

    ApiResponse call(const std::string& method, const std::string& path, const json& body = {},
                     const std::string& secret = {}, const std::string& client = "127.0.0.1",
                     bool local = true) {
        ApiRequest r{method,
                     path,
                     {},
                     body.is_null() ? "" : body.dump(),
                     client,
                     {},
                     {},
                     nullptr,
                     "application/json"};
        set_path(r, path);
        r.local = local && client == "127.0.0.1";  // the operator's own machine
        if (!secret.empty()) r.authorization = "Bearer " + secret;
        return api_->api().handle(r);
    }
    json state(const std::string& id) { return call("GET", "/api/games/" + id).body; }

    // A game of `spec` between the creator (first seat) and an invited
    // person who has joined; returns {id, creator's secret, guest's secret}.
    std::array<std::string, 3> two_people(const std::string& spec, const json& clock = nullptr) {
        const ApiResponse made =
            call("POST", "/api/games", {{"game", spec}, {"name", "Ann"}, {"clock", clock}});
        EXPECT_EQ(made.status, 201) << made.body.dump();
        const std::string id = made.body["id"];
        const std::string invite = made.body["links"]["invite"];
        const std::string guest = invite.substr(invite.find("secret=") + 7);
        const ApiResponse joined =
            call("POST", "/api/games/" + id + "/join", {{"name", "Bo"}}, guest);
        EXPECT_EQ(joined.status, 200) << joined.body.dump();
        return {id, made.body["secret"], guest};
    }

    std::filesystem::path dir_;
    std::int64_t now_ = 1'000'000;
    GameLimits limits_;  // a fixture's own, set before SetUp()
    std::unique_ptr<App> api_;
};

}  // namespace asterism::server
