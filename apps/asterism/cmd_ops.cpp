// asterism backup and asterism check: a club's operator's tools for the
// data folder of a running server (docs/server.md, "Running it for
// years"). Both read the database beside the server, which goes on
// playing: SQLite's online backup copies a consistent state, and a check
// works on such a copy.
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "cli.h"
#include "server/events.h"
#include "server/game_service.h"
#include "server/tournaments/service.h"
#include "store/store.h"

namespace asterism::cli {

namespace fs = std::filesystem;

std::string database_in(const std::string& data) {
    const fs::path file = fs::path(data) / "asterism.db";
    if (!fs::exists(file))
        throw GameError("no database in '" + data + "' (give the server's --data)");
    return file.string();
}

void with_database_copy(const std::string& source, const std::string& what,
                        const std::function<void(const std::string&)>& use) {
    if (!fs::exists(source)) throw GameError("no file '" + source + "'");
    const fs::path scratch =
        fs::temp_directory_path() / ("asterism-" + what + "-" + std::to_string(::getpid()) + ".db");
    fs::remove(scratch);
    try {
        store::Store::copy(source, scratch.string());
        use(scratch.string());
    } catch (const GameError& e) {
        fs::remove(scratch);
        // The copy is the tool's business: an error names the file given.
        std::string why = e.what();
        const std::string to = " to " + scratch.string();
        if (const auto at = why.find(to); at != std::string::npos)
            why.erase(at, to.size());
        else if (const auto in = why.find(scratch.string()); in != std::string::npos)
            why.replace(in, scratch.string().size(), source);
        throw GameError(why);
    } catch (...) {
        fs::remove(scratch);
        throw;
    }
    fs::remove(scratch);
}

namespace {

// Every stored tournament's log replayed, as the server replays those not
// ended when it starts (the ones that do not are what it sets aside).
void tournament_problems(const store::Store& copy, std::vector<std::string>& out,
                         std::size_t& tournaments) {
    for (const char* status : {"entry", "running", "finished", "cancelled"})
        for (const store::TournamentRow& row : copy.tournaments(status, 1 << 30)) {
            ++tournaments;
            const std::string why = server::TournamentService::replay_problem(copy, row.id);
            if (!why.empty()) out.push_back("tournament " + row.id + ": " + why);
        }
}

// What is wrong with the database `file` (a copy nobody else uses): the
// store's own checks, then every game and every tournament replayed.
std::vector<std::string> problems_of(const std::string& file, std::size_t& games,
                                     std::size_t& tournaments) {
    store::Store copy(file);
    std::vector<std::string> out = copy.problems();
    server::EventHub hub;
    server::GameLimits limits;
    limits.max_games = 1 << 30;  // every unfinished game is restored
    limits.local.max_games = 1 << 30;
    server::GameService service(copy, hub, limits, 1);
    const std::vector<std::string> ids = copy.game_ids();
    games = ids.size();
    for (const std::string& id : ids)
        if (const std::string why = service.replay_problem(id); !why.empty())
            out.push_back("game " + id + ": " + why);
    tournament_problems(copy, out, tournaments);
    return out;
}

}  // namespace

Runner setup_backup(CLI::App& command) {
    struct Options {
        std::string data = store::default_data_dir(), file;
        bool force = false;
    };
    auto o = std::make_shared<Options>();
    command.add_option("file", o->file, "The copy to write")->required();
    command.add_option("--data", o->data, "The server's data folder")->capture_default_str();
    command.add_flag("--force", o->force, "Replace the file if it exists");
    return [o] {
        const std::string source = database_in(o->data);
        if (fs::exists(o->file) && !o->force)
            throw GameError("'" + o->file + "' exists (--force replaces it)");
        const std::string partial = o->file + ".partial";
        fs::remove(partial);
        store::Store::copy(source, partial);
        std::size_t games = 0, tournaments = 0;
        const auto problems = problems_of(partial, games, tournaments);
        if (!problems.empty()) {
            fs::remove(partial);
            throw GameError("the copy does not check: " + problems.front());
        }
        // Renamed only once whole and checked: a backup that stops halfway
        // leaves no file that looks like a backup.
        fs::rename(partial, o->file);
        std::cout << "backed up " << games << " games to " << o->file << "\n";
        return 0;
    };
}

Runner setup_check(CLI::App& command) {
    struct Options {
        std::string data = store::default_data_dir(), file;
    };
    auto o = std::make_shared<Options>();
    command.add_option("file", o->file, "A database file to check (a backup); else --data's");
    command.add_option("--data", o->data, "The server's data folder")->capture_default_str();
    return [o] {
        // A live database is checked on a fresh copy, so that the check
        // writes nothing the server uses and sees one consistent state.
        const std::string source = o->file.empty() ? database_in(o->data) : o->file;
        std::size_t games = 0, tournaments = 0;
        std::vector<std::string> problems;
        with_database_copy(source, "check", [&](const std::string& copy) {
            problems = problems_of(copy, games, tournaments);
        });
        for (const std::string& p : problems) std::cout << p << "\n";
        if (!problems.empty())
            throw GameError(source + ": " + std::to_string(problems.size()) + " problems (above)");
        std::cout << source << ": ok, " << games << " games and " << tournaments
                  << " tournaments replay\n";
        return 0;
    };
}

}  // namespace asterism::cli
