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
  enum class In { code, token, comment, basic, literal, ml_basic, ml_literal };

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
      if (in_ == In::comment || in_ == In::basic || in_ == In::literal || in_ == In::token) in_ = In::code;
      // Values of an array may follow on later lines; elsewhere a line starts with a key.
      if (open_.empty() || open_.back() != '[') value_next_ = false;
      ++i_;
      newline();
      return std::nullopt;
    }
    switch (in_) {
      case In::code: return code(c);
      case In::token: return token(c);
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
    if (auto h = outside_string(c)) return h;
    const bool header = c == '[' && line_start_ && open_.empty();
    line_start_ = false;
    const bool value = value_next_;
    value_next_ = false;
    if (c == '#') {
      in_ = In::comment;
      value_next_ = value;  // an array's values may follow on the next line
    } else if (c == '"' || c == '\'') {
      const bool multi = at(c == '"' ? "\"\"\"" : "'''");
      in_ = c == '"' ? (multi ? In::ml_basic : In::basic) : (multi ? In::ml_literal : In::literal);
      i_ += multi ? 3 : 1;
      return std::nullopt;
    } else if (header) {
      return table_header();
    } else if (c == '[' || c == '{') {
      open_.push_back(c);
      value_next_ = c == '[';
    } else if (c == '}' && !open_.empty() && open_.back() == '[') {
      // `[}`: toml++ hands the `}` to parse_value, which asserts it is not a terminator.
      return hazard("a '}' inside an array (expected a value or ']')");
    } else if (c == ']' || c == '}') {
      if (!open_.empty()) open_.pop_back();
    } else if (c == '=' || (c == ',' && !open_.empty() && open_.back() == '[')) {
      value_next_ = true;
    } else if (value && c != ',') {
      // A value that is not a string, array or table (a number, date, boolean): toml++ scans
      // it up to a value terminator, over quotes too, so no string starts inside it.
      in_ = In::token;
      token_start_ = i_;
    }
    ++i_;
    return std::nullopt;
  }

  // Outside strings and comments: what toml++ must not meet there.
  std::optional<TomlHazard> outside_string(char c) const {
    if (!is_ascii(c)) return hazard("non-ASCII character outside a string or comment (TOML allows them only there)");
    // A control character other than a tab or a line break (a lone CR, a vertical tab, a form
    // feed) is whitespace to toml++ but not a line break: in an array it reaches parse_value,
    // which asserts it cannot be there.
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return hazard("control character outside a string");
    return std::nullopt;
  }

  // Inside a bare value: up to the first value terminator (a blank, a line break, `]`, `}`,
  // `,` or `#`), which is left for code(). A date of 10 characters followed by one space and
  // a digit goes on (toml++ reads "1979-05-27 07:32:00" as one date-time).
  std::optional<TomlHazard> token(char c) {
    const bool date_space = c == ' ' && i_ - token_start_ == 10 && i_ + 1 < s_.size() && s_[i_ + 1] >= '0' &&
                            s_[i_ + 1] <= '9';
    if (!date_space && (is_blank(c) || c == ']' || c == '}' || c == ',' || c == '#' || at("\r\n"))) {
      in_ = In::code;
      return std::nullopt;
    }
    if (!date_space)
      if (auto h = outside_string(c)) return h;
    ++i_;
    return std::nullopt;
  }

  // `[` or `[[` at the start of a line: what follows (after blanks) must start a key, or be
  // the `]` toml++ reports itself. Both brackets are taken; the header's key is key text.
  std::optional<TomlHazard> table_header() {
    std::size_t j = i_ + 1;
    if (j < s_.size() && s_[j] == '[') ++j;
    i_ = j;
    while (j < s_.size() && is_blank(s_[j])) ++j;
    if (j < s_.size() && !starts_key(s_[j]) && s_[j] != ']')
      return hazard("a table header must start with a key (a letter, digit, _, - or a quote)");
    open_.push_back('h');
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
  std::string open_;        // open outside strings: [ array, { inline table, h table header
  bool value_next_ = false; // a value comes next (after `=`, or in an array)
  std::size_t token_start_ = 0;  // where the bare value being read began
  bool line_start_ = true;  // nothing but blanks yet on this line, outside strings
};

}  // namespace

std::optional<TomlHazard> find_toml_hazard(std::string_view text) { return Scanner(text).run(); }

}  // namespace game
