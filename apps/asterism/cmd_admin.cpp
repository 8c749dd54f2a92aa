// asterism admin: what only the server's operator may do, on the server's
// machine, to its data folder (docs/accounts.md): grant and take back the
// moderator role, and lift a suspension. It opens the database beside a
// running server (SQLite takes turns); a running server sees the change at
// the account's next request.
#include <filesystem>
#include <iostream>

#include "cli.h"
#include "server/accounts/accounts.h"
#include "store/store.h"

namespace asterism::cli {

Runner setup_admin(CLI::App& command) {
    struct Options {
        std::string action, name, data = store::default_data_dir();
    };
    auto o = std::make_shared<Options>();
    command.add_option("action", o->action, "grant (moderator), revoke, or unsuspend")
        ->required()
        ->check(CLI::IsMember({"grant", "revoke", "unsuspend"}));
    command.add_option("name", o->name, "The account's name")->required();
    command.add_option("--data", o->data, "The server's data folder")->capture_default_str();
    return [o] {
        const auto file = std::filesystem::path(o->data) / "asterism.db";
        if (!std::filesystem::exists(file))
            throw GameError("no database in '" + o->data + "' (give the server's --data)");
        store::Store store(file.string());
        const std::string key = server::accounts::name_key(o->name);
        const auto account = key.empty() ? std::nullopt : store.account_by_key(key);
        if (!account) throw GameError("no account named '" + o->name + "'");
        if (o->action == "unsuspend") {
            store.set_suspended(account->id, 0);
        } else {
            store.set_role(key, o->action == "grant" ? "moderator" : "");
        }
        std::cout << account->name << ": "
                  << (o->action == "grant"    ? "moderator"
                      : o->action == "revoke" ? "no longer a moderator"
                                              : "not suspended")
                  << "\n";
        return 0;
    };
}

}  // namespace asterism::cli
