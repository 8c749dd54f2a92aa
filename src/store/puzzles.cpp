// Puzzles' ratings and accounts' rated attempts at them (store.h,
// "puzzles"); the accounts' puzzle ratings are rows of `ratings`.
#include "store/sql.h"
#include "store/store.h"

namespace asterism::store {

using sql::Statement;
using sql::Transaction;

std::vector<PuzzleRatingRow> Store::puzzle_ratings() const {
    const Held lock = hold();
    Statement s(db_,
                "SELECT id, game, rating, deviation, volatility, attempts, solved"
                " FROM puzzle_ratings ORDER BY id");
    std::vector<PuzzleRatingRow> out;
    while (s.step())
        out.push_back(
            {s.text(0), s.text(1), s.real(2), s.real(3), s.real(4), s.integer(5), s.integer(6)});
    return out;
}

PuzzleAttempt Store::rate_puzzle(const RatingRow& solver, const PuzzleRatingRow& puzzle,
                                 bool solved, std::int64_t max_attempts) {
    const Held lock = hold();
    Transaction t(db_);
    {
        Statement count(db_, "SELECT count(*) FROM puzzle_attempts WHERE account_id = ?1");
        count.bind(1, solver.account).step();
        if (count.integer(0) >= max_attempts) return PuzzleAttempt::full;
    }
    {
        Statement add(db_,
                      "INSERT OR IGNORE INTO puzzle_attempts (account_id, puzzle_id, game, solved,"
                      " at_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
        add.bind(1, solver.account).bind(2, puzzle.id).bind(3, puzzle.game);
        add.bind(4, std::int64_t{solved ? 1 : 0}).bind(5, solver.updated_ms).step();
        if (sqlite3_changes(db_) == 0) return PuzzleAttempt::repeated;
    }
    write_rating(solver, "puzzle:" + puzzle.id);
    Statement p(db_,
                "INSERT OR REPLACE INTO puzzle_ratings (id, game, rating, deviation, volatility,"
                " attempts, solved) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    p.bind(1, puzzle.id).bind(2, puzzle.game).bind(3, puzzle.rating).bind(4, puzzle.deviation);
    p.bind(5, puzzle.volatility).bind(6, puzzle.attempts).bind(7, puzzle.solved).step();
    t.commit();
    return PuzzleAttempt::rated;
}

std::vector<std::string> Store::puzzles_attempted(std::int64_t account,
                                                  std::string_view game) const {
    const Held lock = hold();
    Statement s(db_, "SELECT puzzle_id FROM puzzle_attempts WHERE account_id = ?1 AND game = ?2");
    s.bind(1, account).bind(2, game);
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

}  // namespace asterism::store
