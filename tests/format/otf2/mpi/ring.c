/* A token goes round a ring of 4 ranks three times with MPI_Send/MPI_Recv. Round r's hops
 * have tag 10 + r, and the hop from rank s carries 64 * (r + 1) + s bytes, so that every
 * message has a size of its own: 12 messages, rank s to rank (s + 1) % 4.
 * tests/format/otf2/otf2_eztrace_test.cc traces it with EZTrace. */
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char buf[1024] = {0};
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  for (int round = 0; round < 3; ++round) {
    int bytes = 64 * (round + 1) + rank;
    if (rank == 0) {
      MPI_Send(buf, bytes, MPI_CHAR, next, 10 + round, MPI_COMM_WORLD);
      MPI_Recv(buf, 1024, MPI_CHAR, prev, 10 + round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(buf, 1024, MPI_CHAR, prev, 10 + round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buf, bytes, MPI_CHAR, next, 10 + round, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
