/* Non-blocking exchange between ring neighbours, 4 ranks, 2 rounds: each rank posts
 * MPI_Irecv from its left (tag 1, 32 bytes) and right (tag 2, 48 bytes) neighbours, then
 * MPI_Isend to them, and MPI_Waitall. Then each even rank MPI_Isend-s 16 + round bytes to its
 * right neighbour (tag 9) and MPI_Wait-s; that odd rank takes it with a blocking MPI_Recv.
 * EZTrace 2.0 writes no completion record for requests completed by MPI_Wait*, so the 16
 * messages received by MPI_Irecv cannot be matched; the 4 of tag 9 can.
 * tests/format/otf2/otf2_eztrace_test.cc traces it with EZTrace. */
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  char out[2][64] = {{0}}, in[2][64];
  for (int round = 0; round < 2; ++round) {
    MPI_Request requests[4];
    MPI_Irecv(in[0], 64, MPI_CHAR, left, 1, MPI_COMM_WORLD, &requests[0]);
    MPI_Irecv(in[1], 64, MPI_CHAR, right, 2, MPI_COMM_WORLD, &requests[1]);
    MPI_Isend(out[0], 32, MPI_CHAR, right, 1, MPI_COMM_WORLD, &requests[2]);
    MPI_Isend(out[1], 48, MPI_CHAR, left, 2, MPI_COMM_WORLD, &requests[3]);
    MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
    if (rank % 2 == 0) {
      MPI_Request request;
      MPI_Isend(out[0], 16 + round, MPI_CHAR, right, 9, MPI_COMM_WORLD, &request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(in[0], 64, MPI_CHAR, left, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  }
  MPI_Finalize();
  return 0;
}
