// toml++ compiled from Debian's headers instead of linked as its prebuilt shared library, in
// the sanitizer and fuzz builds (SOLDIER_TOML_FROM_SOURCE, CMakeLists.txt): so the parser is
// instrumented by AddressSanitizer, UndefinedBehaviorSanitizer and libFuzzer's coverage, and
// its own assertions (TOML_ASSERT, on without NDEBUG) are live. That is how the guard of
// toml_guard.hpp is proved: without it, the reproducers abort here or are reported by
// UBSan's -fsanitize=unreachable. The ordinary build links the shared library and this file
// compiles to nothing.
#ifdef SOLDIER_TOML_FROM_SOURCE
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
#endif
