/* Collectives on MPI_COMM_WORLD, then on the two halves MPI_Comm_split makes (even and odd
 * world ranks, keys reversed: world rank 2 is rank 0 of the even half, world rank 0 its rank
 * 1; world rank 3 is rank 0 of the odd half, world rank 1 its rank 1), and messages inside
 * each half from its rank 0 to its rank 1 (tag 7, 5 then 10 bytes): world 2 -> 0 and 3 -> 1.
 * 4 ranks. tests/format/otf2/otf2_eztrace_test.cc traces it with EZTrace. */
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double x = rank, y = 0;
  int v[8] = {0}, all[32];
  char bytes[16] = {0};

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(v, 8, MPI_INT, 2, MPI_COMM_WORLD);
  MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Reduce(&x, &y, 1, MPI_DOUBLE, MPI_MAX, 3, MPI_COMM_WORLD);
  MPI_Allgather(v, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD);

  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
  int hrank;
  MPI_Comm_rank(half, &hrank);
  MPI_Bcast(v, 3, MPI_INT, 0, half);
  for (int i = 1; i <= 2; ++i) {
    if (hrank == 0) MPI_Send(bytes, 5 * i, MPI_CHAR, 1, 7, half);
    else MPI_Recv(bytes, 16, MPI_CHAR, 0, 7, half, MPI_STATUS_IGNORE);
  }
  MPI_Barrier(half);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
