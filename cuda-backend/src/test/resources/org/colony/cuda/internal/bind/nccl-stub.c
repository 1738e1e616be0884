/*
 * A stand-in for libnccl.so.2 with the C signatures of nccl.h, for NcclAbiTest: every function prints the
 * arguments it received, so the test sees what the Java bindings really pass. No GPU, no CUDA.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct ncclComm* ncclComm_t;
typedef struct { char internal[128]; } ncclUniqueId;
typedef enum { ncclSuccess = 0, ncclInvalidArgument = 4, ncclInvalidUsage = 5 } ncclResult_t;
typedef enum { ncclUint8 = 1 } ncclDataType_t;
typedef struct CUstream_st* cudaStream_t;

static char last_error[256];

/* The test reads this library's lines and Java's from one pipe, in order. */
__attribute__((constructor)) static void unbuffered(void) { setvbuf(stdout, NULL, _IONBF, 0); }

static ncclResult_t fail(ncclResult_t r, const char* what) {
    snprintf(last_error, sizeof last_error, "stub: %s", what);
    return r;
}

ncclResult_t ncclGetVersion(int* version) { *version = 22703; return ncclSuccess; }

const char* ncclGetErrorString(ncclResult_t result) {
    return result == ncclInvalidArgument ? "invalid argument (stub)" : "stub error";
}

const char* ncclGetLastError(ncclComm_t comm) { (void) comm; return last_error; }

ncclResult_t ncclGetUniqueId(ncclUniqueId* id) {
    for (int i = 0; i < 128; i++) id->internal[i] = (char) (i * 7 + 3);
    return ncclSuccess;
}

ncclResult_t ncclCommInitRank(ncclComm_t* comm, int nranks, ncclUniqueId id, int rank) {
    int sum = 0;
    for (int i = 0; i < 128; i++) {
        if (id.internal[i] != (char) (i * 7 + 3)) return fail(ncclInvalidArgument, "unique id damaged");
        sum += (unsigned char) id.internal[i];
    }
    printf("initRank nranks=%d rank=%d idsum=%d\n", nranks, rank, sum);
    *comm = (ncclComm_t) (uintptr_t) (0x1000 + 0x10 * rank);
    return ncclSuccess;
}

ncclResult_t ncclCommInitAll(ncclComm_t* comms, int ndev, const int* devlist) {
    for (int i = 0; i < ndev; i++) {
        printf("initAll rank=%d device=%d\n", i, devlist[i]);
        comms[i] = (ncclComm_t) (uintptr_t) (0x1000 + 0x10 * i);
    }
    return ncclSuccess;
}

ncclResult_t ncclCommUserRank(const ncclComm_t comm, int* rank) {
    *rank = (int) (((uintptr_t) comm - 0x1000) / 0x10);
    return ncclSuccess;
}

ncclResult_t ncclCommCuDevice(const ncclComm_t comm, int* device) {
    *device = 10 + (int) (((uintptr_t) comm - 0x1000) / 0x10);
    return ncclSuccess;
}

ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t* error) {
    *error = (uintptr_t) comm == 0x1010 ? ncclInvalidUsage : ncclSuccess;
    return ncclSuccess;
}

ncclResult_t ncclCommDestroy(ncclComm_t comm) { printf("destroy comm=%#lx\n", (unsigned long) (uintptr_t) comm); return ncclSuccess; }

ncclResult_t ncclCommAbort(ncclComm_t comm) { printf("abort comm=%#lx\n", (unsigned long) (uintptr_t) comm); return ncclSuccess; }

ncclResult_t ncclGroupStart(void) { printf("groupStart\n"); return ncclSuccess; }

ncclResult_t ncclGroupEnd(void) { printf("groupEnd\n"); return ncclSuccess; }

ncclResult_t ncclSend(const void* buf, size_t count, ncclDataType_t type, int peer, ncclComm_t comm, cudaStream_t stream) {
    printf("send buf=%#lx count=%zu type=%d peer=%d comm=%#lx stream=%#lx\n", (unsigned long) (uintptr_t) buf, count,
           (int) type, peer, (unsigned long) (uintptr_t) comm, (unsigned long) (uintptr_t) stream);
    return peer < 0 ? fail(ncclInvalidArgument, "peer is negative") : ncclSuccess;
}

ncclResult_t ncclRecv(void* buf, size_t count, ncclDataType_t type, int peer, ncclComm_t comm, cudaStream_t stream) {
    printf("recv buf=%#lx count=%zu type=%d peer=%d comm=%#lx stream=%#lx\n", (unsigned long) (uintptr_t) buf, count,
           (int) type, peer, (unsigned long) (uintptr_t) comm, (unsigned long) (uintptr_t) stream);
    return ncclSuccess;
}
