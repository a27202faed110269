#include "cli/cli.h"

int main(int argc, char** argv) { return tracedb::RunCli(argc, argv); }
