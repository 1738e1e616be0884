/*
 * MPI ping-pong between ranks 0 and 1: the C reference that the Java binding's message cost is measured
 * against (issue 25). Built and run by scripts/mpi-pingpong.sh, which documents the output; not built by Maven.
 *
 *   mpi_pingpong [-t SECONDS]      exactly two ranks; SECONDS (default 0.2) is the least measured time a size
 *
 * One line a variant and size on rank 0's stdout:  c <variant> <bytes> <latency µs> <bandwidth MB/s>
 *   pingpong  rank 0 MPI_Send then MPI_Recv, rank 1 MPI_Recv then MPI_Send: latency is a round trip / 2
 *   exchange  both ranks post one MPI_Irecv and one MPI_Isend, then MPI_Waitall, as Colony's MPI transport
 *             does: latency is one iteration, in which each rank's message crosses the other's once
 * Bandwidth is bytes / latency, one direction, MB = 10^6 bytes. Each size is warmed up (which also opens the
 * connections) until a batch takes 20 ms, then timed over enough iterations for SECONDS.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum variant { PINGPONG, EXCHANGE };

static const char *const VARIANT_NAMES[] = { "pingpong", "exchange" };
static const long SIZES[] = { 8L, 1024L, 64L * 1024, 1024L * 1024, 16L * 1024 * 1024 };
#define SIZE_COUNT (sizeof SIZES / sizeof SIZES[0])

/* Runs `iterations` iterations of `variant` with messages of `bytes`; returns rank 0's elapsed seconds. */
static double run(enum variant variant, int rank, char *send, char *recv, long bytes, long iterations) {
    int peer = 1 - rank;
    int count = (int) bytes;
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (long i = 0; i < iterations; i++) {
        if (variant == PINGPONG) {
            if (rank == 0) {
                MPI_Send(send, count, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
                MPI_Recv(recv, count, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(recv, count, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(send, count, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
            }
        } else {
            MPI_Request requests[2];
            MPI_Irecv(recv, count, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &requests[0]);
            MPI_Isend(send, count, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &requests[1]);
            MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        }
    }
    return MPI_Wtime() - start;
}

/* Both ranks take rank 0's value. */
static long agree(long value) {
    MPI_Bcast(&value, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    return value;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double min_seconds = 0.2;
    if (argc == 3 && strcmp(argv[1], "-t") == 0 && atof(argv[2]) > 0) {
        min_seconds = atof(argv[2]);
    } else if (argc != 1) {
        if (rank == 0) fprintf(stderr, "mpi_pingpong: usage: mpi_pingpong [-t SECONDS]\n");
        MPI_Finalize();
        return 2;
    }
    if (size != 2) {
        if (rank == 0) fprintf(stderr, "mpi_pingpong: needs exactly 2 ranks, has size=%d\n", size);
        MPI_Finalize();
        return 2;
    }

    long largest = SIZES[SIZE_COUNT - 1];
    char *send = malloc((size_t) largest);
    char *recv = malloc((size_t) largest);
    if (send == NULL || recv == NULL) {
        fprintf(stderr, "mpi_pingpong: rank=%d cannot allocate bytes=%ld\n", rank, 2 * largest);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(send, rank + 1, (size_t) largest);
    memset(recv, 0, (size_t) largest);

    for (int v = PINGPONG; v <= EXCHANGE; v++) {
        for (size_t s = 0; s < SIZE_COUNT; s++) {
            long bytes = SIZES[s];
            long iterations = 4;
            /* Warm-up, which also opens the connections: double the batch until one takes 20 ms. */
            while (agree(run(v, rank, send, recv, bytes, iterations) < 0.02)) {
                iterations *= 2;
            }
            /* Timed: grow the batch until one takes min_seconds (rank 0's clock decides for both). */
            for (;;) {
                double elapsed = run(v, rank, send, recv, bytes, iterations);
                if (agree(elapsed >= min_seconds)) {
                    if (rank == 0) {
                        double per_message = v == PINGPONG ? elapsed / iterations / 2 : elapsed / iterations;
                        printf("c %s %ld %.3f %.2f\n", VARIANT_NAMES[v], bytes, per_message * 1e6,
                               bytes / per_message / 1e6);
                        fflush(stdout);
                    }
                    break;
                }
                long wanted = (long) (iterations * 1.2 * min_seconds / (elapsed > 1e-9 ? elapsed : 1e-9)) + 1;
                iterations = agree(wanted > 2 * iterations ? wanted : 2 * iterations);
            }
        }
    }
    free(send);
    free(recv);
    MPI_Finalize();
    return 0;
}
