// Splitting key=value lists (key_values.h).
#include "core/key_values.h"

namespace asterism {

std::vector<KeyValue> split_key_values(std::string_view text) {
    std::vector<KeyValue> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t comma = text.find(',', pos);
        if (comma == std::string_view::npos) comma = text.size();
        KeyValue kv;
        kv.item = std::string(text.substr(pos, comma - pos));
        const auto eq = kv.item.find('=');
        kv.has_equals = eq != std::string::npos;
        kv.key = kv.item.substr(0, eq);
        if (kv.has_equals) kv.value = kv.item.substr(eq + 1);
        out.push_back(std::move(kv));
        pos = comma + 1;
    }
    return out;
}

}  // namespace asterism
