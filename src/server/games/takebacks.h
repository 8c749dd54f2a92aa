// A standing takeback request of a game between two people (lila's
// Takebacker): who asked, settled by an answer, a move or a takeback. Only
// the game's events change it (log.cpp's apply_event); the draw offers are
// the table's own (table/draws.h).
#pragma once

#include "core/types.h"
#include "server/game_events.h"

namespace asterism::server {

class Takebacks {
  public:
    // Who asked, None when nothing stands.
    Player asked_by() const { return asked_by_; }
    // Whether `p` may answer: a request stands and is the other seat's.
    bool answerable_by(Player p) const { return asked_by_ != Player::None && asked_by_ != p; }
    // The state's `takeback_by`: the asker's seat, -1 for none.
    int seat() const {
        return asked_by_ == Player::None ? -1 : asked_by_ == Player::Second ? 1 : 0;
    }

    // A request stands until its answer (the event) or a move or an undo.
    void apply(const games::events::Takeback& k) {
        asked_by_ = k.action == "request" ? k.by : Player::None;
    }
    void settle() { asked_by_ = Player::None; }

  private:
    Player asked_by_ = Player::None;
};

}  // namespace asterism::server
