// `asterism games`: every game with its options.
#include <cstdio>
#include <iostream>

#include "cli.h"
#include "core/registry.h"

namespace asterism::cli {

namespace {

int cmd_games(bool json) {
    nlohmann::json all = nlohmann::json::array();
    for (const GameInfo* info : Registry::instance().all()) all.push_back(game_info_json(*info));
    if (json) {
        std::cout << all.dump(2) << "\n";
        return 0;
    }
    for (const auto& g : all) {
        std::cout << g["id"].get<std::string>() << "  " << g["title"].get<std::string>() << " - "
                  << g["summary"].get<std::string>() << "\n";
        for (const auto& o : g["options"]) {
            std::string allowed;
            if (o["type"] == "bool") allowed = "true|false";
            if (o["type"] == "seed") allowed = "0..18446744073709551615";
            for (const auto& a : o["allowed"])
                allowed += (allowed.empty() ? "" : "|") + a.get<std::string>();
            std::printf("    %-12s %-5s default %-8s allowed %s\n        %s\n",
                        o["name"].get<std::string>().c_str(), o["type"].get<std::string>().c_str(),
                        o["default"].get<std::string>().c_str(), allowed.c_str(),
                        o["help"].get<std::string>().c_str());
        }
    }
    return 0;
}

}  // namespace

Runner setup_games(CLI::App& command) {
    auto json = std::make_shared<bool>(false);
    command.add_flag("--json", *json, "Print JSON");
    return [json] { return cmd_games(*json); };
}

}  // namespace asterism::cli
