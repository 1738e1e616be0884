package org.colony.cuda.internal.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.colony.ColonyException;
import org.junit.jupiter.api.Test;

/** Loading NCCL and naming its results: no GPU and no NCCL needed. */
class NcclLoadTest {

    @Test
    void load_missingLibrary_saysInOneLineThatMoreDevicesNeedNccl() {
        ColonyException e = assertThrows(ColonyException.class, () -> Nccl.load("/no/such/dir/libnccl.so.2"));
        assertEquals("NCCL (libnccl.so.2) cannot be loaded: it is not found from /no/such/dir/libnccl.so.2"
                + " (-Dcolony.nccl.library); --devices N > 1 needs it (install NCCL 2, or set"
                + " -Dcolony.nccl.library=/path/to/libnccl.so.2)", e.getMessage());
    }

    @Test
    void unavailableReason_isNullOrOneLineNamingTheLibrary() {
        String why = Nccl.unavailableReason();
        if (why != null) {
            assertTrue(why.startsWith("NCCL (libnccl.so.2) cannot be loaded: "), why);
            assertTrue(why.contains("--devices N > 1 needs it"), why);
            assertFalse(why.contains("\n"), why);
        }
        assertEquals(why, Probe.nccl());
    }

    @Test
    void bindings_withoutNccl_throwTheSameOneLineOnEveryCall() {
        String why = Nccl.unavailableReason();
        assumeTrue(why != null, "NCCL is installed here");
        ColonyException first = assertThrows(ColonyException.class, Nccl::version);
        ColonyException second = assertThrows(ColonyException.class, Nccl::groupStart);
        assertEquals(why, first.getMessage());
        assertEquals(why, second.getMessage());
    }

    @Test
    void resultName_namesEachNcclResult() {
        assertEquals("ncclSuccess", Nccl.resultName(0));
        assertEquals("ncclUnhandledCudaError", Nccl.resultName(1));
        assertEquals("ncclSystemError", Nccl.resultName(2));
        assertEquals("ncclInternalError", Nccl.resultName(3));
        assertEquals("ncclInvalidArgument", Nccl.resultName(4));
        assertEquals("ncclInvalidUsage", Nccl.resultName(5));
        assertEquals("ncclRemoteError", Nccl.resultName(6));
        assertEquals("ncclInProgress", Nccl.resultName(7));
        assertEquals("ncclTimeout", Nccl.resultName(8));
        assertEquals("ncclResult_t 42", Nccl.resultName(42));
    }

    @Test
    void versionText_readsBothEncodings() {
        assertEquals("2.27.3", Nccl.versionText(22703));
        assertEquals("2.8.4", Nccl.versionText(2804));
        assertEquals("2.7.8", Nccl.versionText(2708));
    }

    @Test
    void uniqueId_isA128ByteStructOfBytes() {
        assertEquals(128, Nccl.UNIQUE_ID.byteSize());
        assertEquals(1, Nccl.UNIQUE_ID.byteAlignment());
    }
}
