// ExecConcurrently: runs lists of statements on PgSessions of their own,
// all at once, each list in order, and returns when all have ended. For
// work that a server does one process per statement, such as building the
// indexes of several tables: a session each lets it use as many cores.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tracedb {

struct WeighedStatement {
  int64_t weight;  // the work it is expected to take, in any unit
  std::string sql;
};

// Shares statements out among `sessions` lists of about equal weight: the
// heaviest first, each to the lightest list so far. Empty lists are left out.
std::vector<std::vector<std::string>> ShareOut(std::vector<WeighedStatement> statements,
                                               size_t sessions);

// `setup` runs first on every session (settings for its statements). Once
// all have ended, the first failure (in list order) is rethrown. A list
// whose session could not connect (the server's connection limit, say) is
// not run but returned: the caller decides what becomes of it.
std::vector<std::vector<std::string>> ExecConcurrently(
    const std::string& conninfo, const std::string& name, const std::string& setup,
    const std::vector<std::vector<std::string>>& lists);

}  // namespace tracedb
