#include "db/pg_concurrent.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <thread>

#include "db/db_error.h"
#include "db/pg_session.h"

namespace tracedb {

std::vector<std::vector<std::string>> ShareOut(std::vector<WeighedStatement> statements,
                                               size_t sessions) {
  std::stable_sort(statements.begin(), statements.end(),
                   [](const auto& a, const auto& b) { return a.weight > b.weight; });
  std::vector<std::vector<std::string>> lists(std::max<size_t>(sessions, 1));
  std::vector<int64_t> load(lists.size(), 0);
  for (WeighedStatement& statement : statements) {
    size_t lightest = 0;
    for (size_t i = 1; i < lists.size(); ++i) {
      // Between equal weights, the shorter list: weightless work is shared too.
      if (std::pair(load[i], lists[i].size()) < std::pair(load[lightest], lists[lightest].size())) {
        lightest = i;
      }
    }
    load[lightest] += statement.weight;
    lists[lightest].push_back(std::move(statement.sql));
  }
  std::erase_if(lists, [](const auto& list) { return list.empty(); });
  return lists;
}

std::vector<std::vector<std::string>> ExecConcurrently(
    const std::string& conninfo, const std::string& name, const std::string& setup,
    const std::vector<std::vector<std::string>>& lists) {
  std::vector<std::exception_ptr> failures(lists.size());
  std::vector<char> connected(lists.size(), 0);
  std::vector<std::thread> threads;
  threads.reserve(lists.size());
  for (size_t i = 0; i < lists.size(); ++i) {
    threads.emplace_back([&, i] {
      std::optional<PgSession> session;
      try {
        session.emplace(conninfo, name);
      } catch (const DbError&) {
        return;  // not connected: returned unrun
      }
      connected[i] = 1;
      try {
        session->Exec(setup);
        for (const std::string& sql : lists[i]) session->Exec(sql);
      } catch (...) {
        failures[i] = std::current_exception();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
  std::vector<std::vector<std::string>> not_run;
  for (size_t i = 0; i < lists.size(); ++i) {
    if (!connected[i]) not_run.push_back(lists[i]);
  }
  return not_run;
}

}  // namespace tracedb
