#include <malloc.h>

#include "cli/cli.h"

int main(int argc, char** argv) {
  // The pipeline frees and reallocates its batches (tens of MB) all the
  // time. With glibc's defaults a freed batch goes back to the kernel
  // (munmap, heap trim) and the next one faults in zeroed pages again: about
  // 40% more page faults and 4% more CPU on an ingest. Fixed thresholds keep
  // the memory in the process, for a higher peak (a 100 MB SQLite ingest:
  // 115 -> 147 MB).
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  return tracedb::RunCli(argc, argv);
}
