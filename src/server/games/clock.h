// The clock of an online game is its table's (table/time_control.h: one
// clock model for the table, the terminal and the server); this reads the
// one a create request asks for.
#pragma once

#include <nlohmann/json.hpp>

#include "table/time_control.h"

namespace asterism::server {

// The clock a create request asks for: {"clock": {"kind": "fischer",
// "minutes": 10, "increment": 5}} or {"kind": "correspondence", "days":
// 3}; none without one. 400 for another.
GameClock clock_from_request(const nlohmann::json& body);

}  // namespace asterism::server
