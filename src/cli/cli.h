// RunCli: argv -> one command -> exit code (0 ok, 1 failed, 2 bad usage).
#pragma once

namespace tracedb {

int RunCli(int argc, char** argv);

}  // namespace tracedb
