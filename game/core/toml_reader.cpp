#include "game/core/toml_reader.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace game {

std::string toml_number(double v) {
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, res.ptr);
  if (s.find_first_of(".e") == std::string::npos && s.find_first_of("ni") == std::string::npos) s += ".0";
  return s;
}

std::string toml_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void TomlReader::fail(const toml::node& at, std::string_view key, std::string_view what) const {
  fail_line(at.source().begin.line, key, what);
}

std::string parse_error_line(const toml::parse_error& e, const std::string& source_name) {
  std::string what(e.description());
  for (char& c : what)
    if (c == '\n' || c == '\r') c = ' ';  // one line, always
  return source_name + ":" + std::to_string(e.source().begin.line) + ": " + what;
}

void TomlReader::fail_line(std::size_t line, std::string_view key, std::string_view what) const {
  std::string m = source_ + ":" + std::to_string(line == 0 ? 1 : line) + ": ";
  if (!key.empty()) m += std::string(key) + ": ";
  throw TomlFailure{m + std::string(what)};
}

void TomlReader::only_keys(const toml::table& table, std::string_view prefix,
                           std::initializer_list<std::string_view> known) const {
  for (auto&& [key, node] : table) {
    bool ok = false;
    for (auto k : known) ok = ok || key.str() == k;
    if (!ok) fail(node, join(prefix, key.str()), "unknown key");
  }
}

double TomlReader::number(const toml::node& node, std::string_view key) const {
  double v = 0.0;
  if (auto i = node.as_integer()) v = static_cast<double>(i->get());
  else if (auto f = node.as_floating_point()) v = f->get();
  else fail(node, key, "expected a number");
  if (!std::isfinite(v)) fail(node, key, "expected a finite number");
  return v;
}

double TomlReader::number_in(const toml::node& node, std::string_view key, double lo, double hi,
                             std::string_view range) const {
  const double v = number(node, key);
  if (v < lo || v > hi) {
    if (!range.empty()) fail(node, key, "expected " + std::string(range));
    char buf[96];
    std::snprintf(buf, sizeof buf, "expected a value within %g..%g", lo, hi);
    fail(node, key, buf);
  }
  return v;
}

std::int64_t TomlReader::integer(const toml::node& node, std::string_view key) const {
  auto i = node.as_integer();
  if (!i) fail(node, key, "expected an integer");
  return i->get();
}

bool TomlReader::boolean(const toml::node& node, std::string_view key) const {
  auto b = node.as_boolean();
  if (!b) fail(node, key, "expected true or false");
  return b->get();
}

std::string TomlReader::string(const toml::node& node, std::string_view key) const {
  auto s = node.as_string();
  if (!s) fail(node, key, "expected a string");
  return s->get();
}

anim::vec2 TomlReader::point(const toml::node& node, std::string_view key) const {
  auto a = node.as_array();
  if (!a || a->size() != 2) fail(node, key, "expected [x, y]");
  return {number((*a)[0], key), number((*a)[1], key)};
}

const toml::table& TomlReader::table(const toml::node& node, std::string_view key) const {
  auto t = node.as_table();
  if (!t) fail(node, key, "expected a table");
  return *t;
}

const toml::array& TomlReader::array(const toml::node& node, std::string_view key) const {
  auto a = node.as_array();
  if (!a) fail(node, key, "expected an array");
  return *a;
}

const toml::node& TomlReader::required(const toml::table& table, std::string_view key, std::string_view prefix) const {
  const toml::node* n = table.get(key);
  if (!n) fail(table, join(prefix, key), "missing (required)");
  return *n;
}

std::string TomlReader::join(std::string_view prefix, std::string_view key) {
  return prefix.empty() ? std::string(key) : std::string(prefix) + "." + std::string(key);
}

}  // namespace game
