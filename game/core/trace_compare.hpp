#pragma once
// `soldier trace --compare A.csv B.csv`: what differs between two traces, column by column
// (comparing two tunings, or a replay against its recording). Both files are read row by
// row side by side, so traces of any length compare in constant memory.
#include <cstdio>
#include <string>

namespace game {

// The outcome, as `cmp` reports it: 0 the traces are identical, 1 they differ, 2 they could
// not be compared (a missing file, not a trace); for 2, `error` holds one line.
int compare_traces(const std::string& a, const std::string& b, std::FILE* report, std::string& error);

}  // namespace game
