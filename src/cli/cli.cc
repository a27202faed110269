#include "cli/cli.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "cli/command_list.h"
#include "cli/help_text.h"
#include "cli/parse_command_line.h"
#include "db/db_error.h"
#include "model/input_error.h"

#ifndef TRACEDB_VERSION
#define TRACEDB_VERSION "unknown"
#endif

namespace tracedb {
namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

void SetUpLogging(const std::string& name) {
  auto level = spdlog::level::from_str(name);
  if (level == spdlog::level::off && name != "off") {
    throw UsageError("unknown log level '" + name + "'");
  }
  auto logger = spdlog::stderr_logger_mt("tracedb");
  logger->set_pattern("tracedb: %l: %v");
  logger->set_level(level);
  spdlog::set_default_logger(logger);
}

int RunCommand(const Command& command, int argc, char** argv) {
  std::optional<Arguments> args = ParseCommandLine(command, argc, argv);
  if (!args) return 0;  // --help
  SetUpLogging(*Text(*args, "log-level"));
  return command.run(*args);
}

// `tracedb help [COMMAND]`: the overview, or what COMMAND --help prints.
int Help(int argc, char** argv) {
  if (argc < 2) {
    std::cout << OverviewPage(Commands(), TRACEDB_VERSION);
    return 0;
  }
  if (argc > 2) throw UsageError("help takes one COMMAND");
  const Command* command = FindCommand(argv[1]);
  if (command == nullptr) throw UsageError("unknown command '" + std::string(argv[1]) + "'");
  std::cout << CommandPage(*command);
  return 0;
}

int Dispatch(int argc, char** argv) {
  if (argc < 2) throw UsageError("missing COMMAND");
  std::string command = argv[1];
  if (command == "-h" || command == "--help") return Help(1, argv + 1);
  if (command == "help") return Help(argc - 1, argv + 1);
  if (command == "--version" || command == "-V") {
    std::cout << "tracedb " TRACEDB_VERSION "\n";
    return 0;
  }
  if (const Command* known = FindCommand(command)) return RunCommand(*known, argc - 1, argv + 1);
  throw UsageError("unknown command '" + command + "'");
}

// Who speaks in a usage error: "tracedb list" when argv names a command.
std::string Speaker(int argc, char** argv) {
  if (argc >= 2 && FindCommand(argv[1]) != nullptr) return std::string("tracedb ") + argv[1];
  return "tracedb";
}

int UsageFailure(const std::string& speaker, const std::string& message) {
  std::cerr << speaker << ": " << message << "\n(run '" << speaker << " --help' for usage)\n";
  return kExitUsage;
}

// Commands print through stdio's buffer (std::cout shares it): a write
// that failed (a full disk, a file system gone) shows only in the stream's
// error flag, or at the last flush, here. Unchecked, `tracedb profile >
// /dev/full` said nothing and exited 0. A command that failed has said why
// already (dump, which writes on its own, says that it cannot write).
int CheckedOutput(int code) {
  std::cout.flush();
  errno = 0;
  bool flushed = std::fflush(stdout) == 0;
  if (code != 0 || (flushed && !std::ferror(stdout) && !std::cout.bad())) return code;
  std::string reason = errno != 0 ? std::string(": ") + std::strerror(errno) : "";
  std::cerr << "tracedb: cannot write the output" << reason << "\n";
  return kExitFailed;
}

int RunGuarded(int argc, char** argv) {
  try {
    return Dispatch(argc, argv);
  } catch (const UsageError& e) {
    return UsageFailure(Speaker(argc, argv), e.what());
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    return kExitFailed;
  } catch (const DbError& e) {
    std::cerr << "tracedb: " << e.what() << "\n";
    return kExitFailed;
  } catch (const std::exception& e) {
    std::cerr << "tracedb: error: " << e.what() << "\n";
    return kExitFailed;
  }
}

}  // namespace

int RunCli(int argc, char** argv) { return CheckedOutput(RunGuarded(argc, argv)); }

}  // namespace tracedb
