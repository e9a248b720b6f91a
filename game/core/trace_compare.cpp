#include "game/core/trace_compare.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <string_view>
#include <vector>

namespace game {
namespace {

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i == line.size() || line[i] == ',') {
      fields.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  return fields;
}

bool number(std::string_view s, double& v) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

// One column's differences over the rows both traces have.
struct ColumnDiff {
  std::string name;
  long long rows = 0;              // rows whose text differs
  double max_abs = 0.0;            // largest |a - b| of numeric values
  double sum_abs = 0.0;
  std::string max_t, max_id;       // where the largest one is
  bool text = false;               // some value is not a number (id, state)
  std::string first_t, first_a, first_b;  // the first differing row of a text column
};

}  // namespace

int compare_traces(const std::string& path_a, const std::string& path_b, std::FILE* report, std::string& error) {
  std::ifstream a(path_a, std::ios::binary), b(path_b, std::ios::binary);
  if (!a) error = path_a + ": cannot open the file";
  else if (!b) error = path_b + ": cannot open the file";
  if (!error.empty()) return 2;
  std::string ha, hb;
  std::getline(a, ha);
  std::getline(b, hb);
  if (ha.rfind("t,id,", 0) != 0) error = path_a + ":1: not a trace (the header must start with t,id,)";
  else if (hb.rfind("t,id,", 0) != 0) error = path_b + ":1: not a trace (the header must start with t,id,)";
  if (!error.empty()) return 2;

  // Columns are matched by name: a column only one trace has is reported, not compared.
  const std::vector<std::string_view> ca = split(ha), cb = split(hb);
  std::vector<int> b_index;  // for each column of A, its index in B or -1
  std::vector<ColumnDiff> diffs;
  for (std::string_view name : ca) {
    int found = -1;
    for (std::size_t j = 0; j < cb.size(); ++j)
      if (cb[j] == name) found = static_cast<int>(j);
    b_index.push_back(found);
    ColumnDiff d;
    d.name = std::string(name);
    diffs.push_back(std::move(d));
  }
  std::string only_a, only_b;
  for (std::size_t i = 0; i < ca.size(); ++i)
    if (b_index[i] < 0) only_a += (only_a.empty() ? "" : ", ") + std::string(ca[i]);
  for (std::string_view name : cb) {
    bool in_a = false;
    for (std::string_view n : ca) in_a = in_a || n == name;
    if (!in_a) only_b += (only_b.empty() ? "" : ", ") + std::string(name);
  }

  // Rows are matched by (t, id), both files in time order: a row of a time the other trace
  // does not have (--every, a shorter run) is counted, not compared.
  long long rows = 0, rows_a = 0, rows_b = 0, only_in_a = 0, only_in_b = 0, differing_rows = 0;
  std::string la, lb;
  bool got_a = static_cast<bool>(std::getline(a, la)), got_b = static_cast<bool>(std::getline(b, lb));
  // The first two fields of a row: its time and its soldier.
  const auto time_of = [](std::string_view line) {
    double t = 0.0;
    number(line.substr(0, line.find(',')), t);
    return t;
  };
  const auto id_of = [](std::string_view line) {
    const std::size_t first = line.find(',');
    if (first == std::string_view::npos) return std::string_view{};
    const std::size_t second = line.find(',', first + 1);
    return line.substr(first + 1, second == std::string_view::npos ? std::string_view::npos : second - first - 1);
  };
  while (got_a || got_b) {
    if (got_a && got_b) {
      const double ta = time_of(la), tb = time_of(lb);
      if (ta < tb) {
        ++only_in_a, ++rows_a;
        got_a = static_cast<bool>(std::getline(a, la));
        continue;
      }
      if (tb < ta) {
        ++only_in_b, ++rows_b;
        got_b = static_cast<bool>(std::getline(b, lb));
        continue;
      }
      if (id_of(la) != id_of(lb)) {
        ++only_in_a, ++only_in_b, ++rows_a, ++rows_b;
      } else {
        ++rows, ++rows_a, ++rows_b;
        if (la != lb) {
          ++differing_rows;
          const std::vector<std::string_view> fa = split(la), fb = split(lb);
          if (fa.size() != ca.size() || fb.size() != cb.size()) {
            error = (fa.size() != ca.size() ? path_a + ":" + std::to_string(rows_a + 1)
                                            : path_b + ":" + std::to_string(rows_b + 1)) +
                    ": the row has a different number of fields than the header";
            return 2;
          }
          for (std::size_t i = 0; i < fa.size(); ++i) {
            if (b_index[i] < 0) continue;
            const std::string_view va = fa[i], vb = fb[static_cast<std::size_t>(b_index[i])];
            if (va == vb) continue;
            ColumnDiff& d = diffs[i];
            ++d.rows;
            double x = 0.0, y = 0.0;
            if (number(va, x) && number(vb, y)) {
              const double e = std::abs(x - y);
              d.sum_abs += e;
              if (e > d.max_abs || d.max_t.empty()) {
                d.max_abs = e;
                d.max_t = std::string(fa[0]);
                d.max_id = std::string(fa[1]);
              }
            } else if (!d.text) {
              d.text = true;
              d.first_t = std::string(fa[0]);
              d.first_a = std::string(va);
              d.first_b = std::string(vb);
            }
          }
        }
      }
      got_a = static_cast<bool>(std::getline(a, la));
      got_b = static_cast<bool>(std::getline(b, lb));
    } else if (got_a) {
      ++only_in_a, ++rows_a;
      got_a = static_cast<bool>(std::getline(a, la));
    } else {
      ++only_in_b, ++rows_b;
      got_b = static_cast<bool>(std::getline(b, lb));
    }
  }

  int columns_differ = 0;
  for (const ColumnDiff& d : diffs) columns_differ += d.rows > 0;
  const bool same = only_in_a == 0 && only_in_b == 0 && columns_differ == 0 && only_a.empty() && only_b.empty();
  std::fprintf(report, "%s vs %s: %lld rows matched by t and id (of %lld and %lld), %zu and %zu columns", path_a.c_str(),
               path_b.c_str(), rows, rows_a, rows_b, ca.size(), cb.size());
  if (same) {
    std::fprintf(report, ": identical\n");
    return 0;
  }
  std::fprintf(report, "; %lld rows differ, in %d columns\n", differing_rows, columns_differ);
  if (only_in_a > 0) std::fprintf(report, "  rows only in %s: %lld\n", path_a.c_str(), only_in_a);
  if (only_in_b > 0) std::fprintf(report, "  rows only in %s: %lld\n", path_b.c_str(), only_in_b);
  if (!only_a.empty()) std::fprintf(report, "  columns only in %s: %s\n", path_a.c_str(), only_a.c_str());
  if (!only_b.empty()) std::fprintf(report, "  columns only in %s: %s\n", path_b.c_str(), only_b.c_str());
  if (columns_differ == 0) return 1;
  std::fprintf(report, "%-24s %10s %12s %12s %-10s %12s\n", "column", "rows", "max |a-b|", "at t", "id", "mean |a-b|");
  for (const ColumnDiff& d : diffs) {
    if (d.rows == 0) continue;
    if (d.text) {
      std::fprintf(report, "%-24s %10lld   first at t %s: %s vs %s\n", d.name.c_str(), d.rows, d.first_t.c_str(),
                   d.first_a.c_str(), d.first_b.c_str());
    } else {
      std::fprintf(report, "%-24s %10lld %12.6f %12s %-10s %12.6f\n", d.name.c_str(), d.rows, d.max_abs,
                   d.max_t.c_str(), d.max_id.c_str(), d.sum_abs / static_cast<double>(d.rows));
    }
  }
  std::fprintf(report, "(rows: where the column differs; max and mean |a-b| over those rows; at t, id: the row of "
                       "the largest)\n");
  return 1;
}

}  // namespace game
