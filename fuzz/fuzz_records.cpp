// Fuzzes the record reader: any text must either be refused with a
// RecordError or read into a record whose canonical text reads back to
// itself; a record that reads is then replayed on its game, which again may
// only refuse it with a RecordError.
#include "fuzz/fuzz_common.h"
#include "record/record.h"

using namespace asterism;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    Record record;
    try {
        record = parse_record(text);
    } catch (const RecordError&) {
        return 0;
    }
    const std::string written = format_record(record);
    try {
        fuzz::check(format_record(parse_record(written)) == written,
                    "canonical text reads back to itself", written);
    } catch (const RecordError& e) {
        fuzz::check(false, "canonical text is refused", written + "\n" + e.what());
    }
    try {
        const LoadedGame loaded = replay_record(record);
        fuzz::check(loaded.game->history().size() == record.moves.size(), "every move replayed");
    } catch (const RecordError&) {
    }
    return 0;
}
