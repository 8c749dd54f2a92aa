// The one parser of "key=value,key=value" lists: the options of a game spec
// (`starstar:size=8,swap=true`) and the settings of a player
// (`mcts:playouts=1000,threads=2`). It only splits; each caller checks the
// items against what it knows and words its own messages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace asterism {

struct KeyValue {
    std::string item;   // the whole item as written, e.g. "size=8"
    std::string key;    // before the first '=' (the whole item when there is none)
    std::string value;  // after it
    bool has_equals = false;
};

// The items of `text` separated by commas, empty items included (so that a
// caller can refuse "a=1,,b=2"); nothing for an empty text.
std::vector<KeyValue> split_key_values(std::string_view text);

}  // namespace asterism
