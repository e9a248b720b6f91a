#pragma once
// A guard in front of toml++ (issue 17, finding 7): Debian's toml++ 3.3.0, which we build
// with, reaches undefined behaviour on a few inputs, fixed upstream only after 3.3.0
// (tomlplusplus #190/#295, pull requests #301 and #305):
//  - `is_non_ascii_horizontal_whitespace` hits TOML_UNREACHABLE (__builtin_unreachable in a
//    release build) for about 3000 code points (U+00A1-0499, U+2C5E-2FFF, U+3001-3057,
//    U+FB26-FEFE) wherever the parser asks "is this whitespace?" of a non-ASCII character:
//    after a value (`x = 1é`), in or after a key, at the start of a line, after a backslash
//    in a multi-line basic string, and on the first character after a line-ending backslash;
//  - `parse_key` asserts (TOML_ASSERT_ASSUME: an assumption in a clang release build) that a
//    table header starts with a key character or a quote, which `[.` breaks;
//  - `parse_value` asserts the same way that it does not start on a value terminator, which
//    an array breaks with `[}` or a control character such as a vertical tab or a lone CR
//    (found by fuzz/fuzz_formats with the guard switched off).
//
// Remedy chosen: this guard, over a newer or another parser or a build setting, because
//  - the dependencies come from Debian's packages (DEVELOPERS.md) and bookworm has no newer
//    toml++; vendoring a fixed copy or switching parsers would fork a dependency and change
//    every error message users see;
//  - no build setting removes the UB: TOML_UNREACHABLE and TOML_ASSUME are defined
//    unconditionally by toml++'s preprocessor.h, and the shared library is prebuilt;
//  - everything it refuses but one corner is not TOML at all (TOML 1.0 allows non-ASCII only
//    inside strings and comments, control characters other than tab and line breaks nowhere
//    outside strings, a table header must start with a key and `}` closes no array), so a
//    valid file never notices it. The one valid corner it refuses, a non-ASCII character right after a
//    line-ending backslash of a multi-line string, says so in its message.
// It scans the bytes once, tracking only what tells code from strings and comments as
// toml++ reads them: quotes, escapes, brackets, `#`, line starts, and bare values (numbers,
// dates, booleans), which toml++ scans up to a value terminator across quotes. The proof is tests/test_toml_guard.cpp
// and the fuzz target (fuzz/), run with toml++ compiled from its headers with its assertions
// on under AddressSanitizer and UndefinedBehaviorSanitizer (SOLDIER_TOML_FROM_SOURCE).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace game {

struct TomlHazard {
  std::size_t line = 1;  // 1-based line of the offending character
  std::string what;      // why it is refused, one line
};

// The first place in `text` that toml++ 3.3.0 must not see, or nothing.
std::optional<TomlHazard> find_toml_hazard(std::string_view text);

}  // namespace game
