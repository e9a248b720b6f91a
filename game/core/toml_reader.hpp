#pragma once
// Reading a TOML document with errors a user can act on: every failure is ONE line naming the
// file, the line and the key ("walk.toml:14: soldier.input.vx: expected a number"). Shared by
// the scenario and level parser and the tuning file (INTERFACES.md, ARCHITECTURE.md).
#include "anim/vec.hpp"

#include <toml++/toml.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace game {

// Thrown by TomlReader; the public parsers catch it and return their own error type.
struct TomlFailure {
  std::string message;
};

// The largest file the scenario, level and tuning parsers read, bytes (issue 17: /dev/zero
// must not be read without end). The shipped files are under 4 KiB; a recorded session of
// ten minutes at 120 Hz writes under 4 MiB per soldier that changes its input every step.
inline constexpr std::size_t kMaxTomlFileBytes = 16u << 20;  // 16 MiB

// The whole file at `path`, at most kMaxTomlFileBytes; on failure nothing and `error` is one
// line naming the path (cannot open, cannot read, too large).
std::optional<std::string> read_toml_file(const std::string& path, std::string& error);

// toml::parse behind the guard of toml_guard.hpp; every failure (the guard's or toml++'s
// syntax error) is thrown as one TomlFailure line: "file:line: what", newlines flattened.
toml::table parse_toml(std::string_view text, const std::string& source_name);

// The shortest decimal that reads back to exactly `v`, always with a '.' or an exponent so
// TOML reads a float (what a file written by the program needs to replay bit for bit).
std::string toml_number(double v);

// `text` as a TOML basic string, quotes included, with \, " and control characters escaped.
std::string toml_string(std::string_view text);

class TomlReader {
 public:
  explicit TomlReader(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(const toml::node& at, std::string_view key, std::string_view what) const;
  [[noreturn]] void fail_line(std::size_t line, std::string_view key, std::string_view what) const;

  // Every key of `table` must be one of `known` (unknown keys are errors).
  void only_keys(const toml::table& table, std::string_view prefix, std::span<const std::string_view> known) const;

  double number(const toml::node& node, std::string_view key) const;  // integer or float, finite
  // A number in [lo, hi], else "expected a value within LO..HI UNIT": the message is made
  // from the bounds checked, so the two cannot disagree (issue 17).
  double number_in(const toml::node& node, std::string_view key, double lo, double hi,
                   std::string_view unit = {}) const;
  std::int64_t integer(const toml::node& node, std::string_view key) const;
  bool boolean(const toml::node& node, std::string_view key) const;
  std::string string(const toml::node& node, std::string_view key) const;
  anim::vec2 point(const toml::node& node, std::string_view key) const;  // [x, y]
  const toml::table& table(const toml::node& node, std::string_view key) const;
  const toml::array& array(const toml::node& node, std::string_view key) const;
  // The node of a required key of `table` (its full name is prefix.key).
  const toml::node& required(const toml::table& table, std::string_view key, std::string_view prefix) const;

  // "prefix.key", or "key" when the prefix is empty.
  static std::string join(std::string_view prefix, std::string_view key);

 private:
  std::string source_;
};

}  // namespace game
