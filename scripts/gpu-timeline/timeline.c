// A timeline of a process's device work, for machines without Nsight Systems: a CUDA injection library
// (CUDA_INJECTION64_PATH) that records, through CUPTI's activity API, every kernel, copy and memset with its start and
// end on the device, and every CUDA driver call with its start and end on the host, and writes them to $TIMELINE_OUT
// (default timeline.csv) when the process exits. One line a record:
//   kind,name,start_ns,end_ns,stream_or_thread,detail,shared
// kind: K kernel (detail: grid/threads a block, shared: dynamic shared bytes), C copy (name copyN: CUPTI's copy
// kind, detail: bytes), S memset (detail: bytes), D driver call (stream_or_thread: the calling thread).
// Build and use: scripts/gpu-timeline.sh.
#include <cupti.h>
#include <stdio.h>
#include <stdlib.h>

#define BUFFER (16 * 1024 * 1024)

static FILE *out;

static void CUPTIAPI requested(uint8_t **buffer, size_t *size, size_t *most) {
    *buffer = aligned_alloc(8, BUFFER);
    *size = *buffer == NULL ? 0 : BUFFER;
    *most = 0;
}

static void CUPTIAPI completed(CUcontext context, uint32_t stream, uint8_t *buffer, size_t size, size_t valid) {
    CUpti_Activity *r = NULL;
    while (out != NULL && cuptiActivityGetNextRecord(buffer, valid, &r) == CUPTI_SUCCESS) {
        switch (r->kind) {
        case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
        case CUPTI_ACTIVITY_KIND_KERNEL: {
            CUpti_ActivityKernel10 *k = (CUpti_ActivityKernel10 *) r;
            fprintf(out, "K,%s,%llu,%llu,%u,%dx%dx%d/%d,%d\n", k->name, (unsigned long long) k->start,
                    (unsigned long long) k->end, k->streamId, k->gridX, k->gridY, k->gridZ,
                    k->blockX * k->blockY * k->blockZ, k->dynamicSharedMemory);
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
            CUpti_ActivityMemcpy6 *m = (CUpti_ActivityMemcpy6 *) r;
            fprintf(out, "C,copy%d,%llu,%llu,%u,%llu,0\n", m->copyKind, (unsigned long long) m->start,
                    (unsigned long long) m->end, m->streamId, (unsigned long long) m->bytes);
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
            CUpti_ActivityMemset4 *m = (CUpti_ActivityMemset4 *) r;
            fprintf(out, "S,memset,%llu,%llu,%u,%llu,0\n", (unsigned long long) m->start,
                    (unsigned long long) m->end, m->streamId, (unsigned long long) m->bytes);
            break;
        }
        case CUPTI_ACTIVITY_KIND_DRIVER: {
            CUpti_ActivityAPI *a = (CUpti_ActivityAPI *) r;
            const char *name = "?";
            cuptiGetCallbackName(CUPTI_CB_DOMAIN_DRIVER_API, a->cbid, &name);
            fprintf(out, "D,%s,%llu,%llu,%u,0,0\n", name, (unsigned long long) a->start,
                    (unsigned long long) a->end, a->threadId);
            break;
        }
        default:
            break;
        }
    }
    free(buffer);
}

static void finish(void) {
    cuptiActivityFlushAll(1);
    if (out != NULL) {
        fclose(out);
        out = NULL;
    }
}

// Called by the CUDA driver at cuInit when CUDA_INJECTION64_PATH names this library.
int InitializeInjection(void) {
    const char *path = getenv("TIMELINE_OUT");
    out = fopen(path != NULL ? path : "timeline.csv", "w");
    if (out == NULL) {
        perror("gpu-timeline: TIMELINE_OUT");
        return 0;
    }
    if (cuptiActivityRegisterCallbacks(requested, completed) != CUPTI_SUCCESS
            || cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) != CUPTI_SUCCESS
            || cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY) != CUPTI_SUCCESS
            || cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET) != CUPTI_SUCCESS
            || cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DRIVER) != CUPTI_SUCCESS) {
        fprintf(stderr, "gpu-timeline: CUPTI refused the activity records\n");
        fclose(out);
        out = NULL;
        return 0;
    }
    atexit(finish);
    return 1;
}
