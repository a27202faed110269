// Which process is loading a trace, and whether it still runs: a trace row
// says "loading" from BeginTrace until CompleteTrace or FailTrace, so a
// loader that was killed leaves a row that only its host and pid can explain.
//
// Limits: a process is only checked on its own host (another host's answer
// is kUnknown), and a pid reused after the loader died reads as alive until
// that other process ends too; neither ever deletes a live load.
// Thread-safe (no state).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tracedb {

enum class LoaderState {
  kAlive,    // this host, and the pid exists
  kGone,     // this host, and no such pid (or one that exited, unreaped)
  kUnknown,  // another host, or no host or pid recorded
};

// gethostname(); "" if the system will not say.
std::string ThisHost();
int64_t ThisPid();
// Whether (host, pid), as a trace row records its loader or remover, is
// this very process.
bool IsThisProcess(std::string_view host, int64_t pid);

LoaderState CheckLoader(std::string_view host, int64_t pid);

}  // namespace tracedb
