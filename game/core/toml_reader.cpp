#include "game/core/toml_reader.hpp"

#include "game/core/toml_guard.hpp"

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

std::optional<std::string> read_toml_file(const std::string& path, std::string& error) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = path + ": cannot open the file";
    return std::nullopt;
  }
  // Read at most one byte past the limit, whatever the file claims to be (a pipe, a device).
  std::string text;
  char buf[1 << 14];
  std::size_t n = 0;
  while (text.size() <= kMaxTomlFileBytes && (n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  const bool bad = std::ferror(f) != 0;
  std::fclose(f);
  if (bad) {
    error = path + ": cannot read the file";
    return std::nullopt;
  }
  if (text.size() > kMaxTomlFileBytes) {
    error = path + ": larger than " + std::to_string(kMaxTomlFileBytes >> 20) + " MiB, the most a file may hold";
    return std::nullopt;
  }
  return text;
}

toml::table parse_toml(std::string_view text, const std::string& source_name) {
  if (const std::optional<TomlHazard> h = find_toml_hazard(text))
    throw TomlFailure{source_name + ":" + std::to_string(h->line) + ": " + h->what};
  try {
    return toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    std::string what(e.description());
    for (char& c : what)
      if (c == '\n' || c == '\r') c = ' ';  // one line, always
    throw TomlFailure{source_name + ":" + std::to_string(e.source().begin.line) + ": " + what};
  }
}

void TomlReader::fail_line(std::size_t line, std::string_view key, std::string_view what) const {
  std::string m = source_ + ":" + std::to_string(line == 0 ? 1 : line) + ": ";
  if (!key.empty()) m += std::string(key) + ": ";
  throw TomlFailure{m + std::string(what)};
}

void TomlReader::only_keys(const toml::table& table, std::string_view prefix,
                           std::span<const std::string_view> known) const {
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
                             std::string_view unit) const {
  const double v = number(node, key);
  if (v < lo || v > hi) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "expected a value within %g..%g", lo, hi);
    fail(node, key, std::string(buf) + (unit.empty() ? "" : " ") + std::string(unit));
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
