#include "game/core/toml_guard.hpp"

#include <string>

namespace game {
namespace {

bool is_ascii(char c) { return static_cast<unsigned char>(c) < 0x80; }
bool is_blank(char c) { return c == ' ' || c == '\t'; }
// TOML 1.0 bare key characters, and the quotes that open a quoted key.
bool starts_key(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '"' || c == '\'';
}

// One pass over the bytes. Only what tells code from strings and comments is tracked;
// everything else is left to toml++, which stops at the first real syntax error (so what the
// guard sees after an error it never reaches does not matter).
class Scanner {
 public:
  explicit Scanner(std::string_view text) : s_(text) {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3;  // a UTF-8 byte order mark is allowed
  }

  std::optional<TomlHazard> run() {
    while (i_ < s_.size()) {
      if (auto h = step()) return h;
    }
    return std::nullopt;
  }

 private:
  enum class In { code, comment, basic, literal, ml_basic, ml_literal };

  std::optional<TomlHazard> hazard(std::string what) const { return TomlHazard{line_, std::move(what)}; }
  bool at(std::string_view token) const { return s_.substr(i_, token.size()) == token; }
  // After the state has moved on: inside a multi-line string a new line starts no key.
  void newline() {
    ++line_;
    line_start_ = in_ == In::code;
  }

  std::optional<TomlHazard> step() {
    const char c = s_[i_];
    if (c == '\n') {
      // A comment ends at the line's end; so does a one-line string (an error toml++ reports).
      if (in_ == In::comment || in_ == In::basic || in_ == In::literal) in_ = In::code;
      ++i_;
      newline();
      return std::nullopt;
    }
    switch (in_) {
      case In::code: return code(c);
      case In::comment: ++i_; return std::nullopt;
      case In::basic:
        if (c == '\\' && i_ + 1 < s_.size() && s_[i_ + 1] != '\n') i_ += 2;  // the escaped byte
        else {
          if (c == '"') in_ = In::code;
          ++i_;
        }
        return std::nullopt;
      case In::literal:
        if (c == '\'') in_ = In::code;
        ++i_;
        return std::nullopt;
      case In::ml_basic:
        if (c == '\\') return backslash_in_multiline();
        if (c == '"') return close_multiline('"');
        ++i_;
        return std::nullopt;
      case In::ml_literal:
        if (c == '\'') return close_multiline('\'');
        ++i_;
        return std::nullopt;
    }
    return std::nullopt;
  }

  std::optional<TomlHazard> code(char c) {
    if (is_blank(c) || (c == '\r' && at("\r\n"))) {
      ++i_;
      return std::nullopt;
    }
    if (!is_ascii(c)) return hazard("non-ASCII character outside a string or comment (TOML allows them only there)");
    // A control character other than a tab or a line break (a lone CR, a vertical tab, a form
    // feed) is whitespace to toml++ but not a line break: in an array it reaches parse_value,
    // which asserts it cannot be there.
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return hazard("control character outside a string");
    const bool header = c == '[' && line_start_ && open_.empty();
    line_start_ = false;
    if (c == '#') {
      in_ = In::comment;
    } else if (c == '"' || c == '\'') {
      const bool multi = at(c == '"' ? "\"\"\"" : "'''");
      in_ = c == '"' ? (multi ? In::ml_basic : In::basic) : (multi ? In::ml_literal : In::literal);
      i_ += multi ? 3 : 1;
      return std::nullopt;
    } else if (c == '[' || c == '{') {
      open_.push_back(c);
      if (header) return table_header();
    } else if (c == '}' && !open_.empty() && open_.back() == '[') {
      // `[}`: toml++ hands the `}` to parse_value, which asserts it is not a terminator.
      return hazard("a '}' inside an array (expected a value or ']')");
    } else if (c == ']' || c == '}') {
      if (!open_.empty()) open_.pop_back();
    }
    ++i_;
    return std::nullopt;
  }

  // `[` or `[[` at the start of a line: what follows (after blanks) must start a key, or be
  // the `]` toml++ reports itself. Leaves i_ on the first bracket.
  std::optional<TomlHazard> table_header() {
    std::size_t j = i_ + 1;
    if (j < s_.size() && s_[j] == '[') ++j;
    while (j < s_.size() && is_blank(s_[j])) ++j;
    if (j < s_.size() && !starts_key(s_[j]) && s_[j] != ']')
      return hazard("a table header must start with a key (a letter, digit, _, - or a quote)");
    ++i_;
    return std::nullopt;
  }

  // A run of quotes in a multi-line string: three close it, and up to two more before them
  // belong to the string (TOML 1.0: `"""a"""""` is a"").
  std::optional<TomlHazard> close_multiline(char quote) {
    std::size_t run = 0;
    while (i_ + run < s_.size() && s_[i_ + run] == quote && run < 5) ++run;
    if (run >= 3) in_ = In::code;
    i_ += run;
    return std::nullopt;
  }

  // A backslash in a multi-line basic string: toml++ asks whether the next character is
  // whitespace (a line-ending backslash) and, after one, whether each following character is.
  std::optional<TomlHazard> backslash_in_multiline() {
    ++i_;
    if (i_ >= s_.size()) return std::nullopt;
    if (!is_ascii(s_[i_])) return hazard("non-ASCII character after a backslash (not a TOML escape)");
    if (!is_blank(s_[i_]) && s_[i_] != '\r' && s_[i_] != '\n') {
      ++i_;  // an ordinary escape: the byte after the backslash is not a quote that closes
      return std::nullopt;
    }
    // A line-ending backslash: blanks and line breaks are skipped up to the next character.
    while (i_ < s_.size() && (is_blank(s_[i_]) || s_[i_] == '\r' || s_[i_] == '\n')) {
      if (s_[i_] == '\n') ++line_;
      ++i_;
    }
    if (i_ < s_.size() && !is_ascii(s_[i_]))
      return hazard("non-ASCII character right after a line-ending backslash (toml++ 3.3.0 misreads it; "
                    "put it on the previous line or escape it as \\uXXXX)");
    return std::nullopt;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::size_t line_ = 1;
  In in_ = In::code;
  std::string open_;        // the [ and { open outside strings: a `[` inside a value is an array
  bool line_start_ = true;  // nothing but blanks yet on this line, outside strings
};

}  // namespace

std::optional<TomlHazard> find_toml_hazard(std::string_view text) { return Scanner(text).run(); }

}  // namespace game
