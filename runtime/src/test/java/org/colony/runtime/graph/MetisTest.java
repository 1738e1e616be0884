package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.ColonyException;
import org.colony.runtime.tuning.RuntimeSwitches;
import org.junit.jupiter.api.Test;

/** The METIS binding: loading and its refusals, return codes turned into messages, METIS's own edge cut. */
class MetisTest {

    @Test
    void aLibraryThatIsNotThere_isRefusedInOneLine() {
        ColonyException e = assertThrows(ColonyException.class, () -> Metis.load("/nonexistent/libmetis.so.5"));
        // where -Dcolony.metis.library is set, the line adds " or correct -Dcolony.metis.library"
        assertTrue(e.getMessage().startsWith("METIS's library /nonexistent/libmetis.so.5 cannot be loaded; install "
                + "libmetis5 on Debian or Ubuntu (scripts/install-metis.sh)"), e.getMessage());
        assertEquals(null, e.getCause());
    }

    @Test
    void aLibraryWithoutMetis_isRefusedByTheFunctionItLacks() {
        ColonyException e = assertThrows(ColonyException.class, () -> Metis.load("libc.so.6"));
        assertTrue(e.getMessage().startsWith("the library has no function METIS_SetDefaultOptions; Colony needs METIS "
                + "5 (libmetis5 on Debian or Ubuntu (scripts/install-metis.sh))"), e.getMessage());
    }

    @Test
    void theLibrary_isNamedBySonameByDefault() {
        assertEquals("colony.metis.library", RuntimeSwitches.METIS_LIBRARY.property());
        assertEquals("libmetis.so.5", RuntimeSwitches.METIS_LIBRARY.fallback());
    }

    @Test
    void returnCodes_becomeMessagesNamingTheCallAndTheError() {
        Metis.check("METIS_PartGraphKway", 1, "n=4");
        assertEquals("METIS_PartGraphKway failed with METIS_ERROR_INPUT (METIS refused the graph or the options; check "
                + "the graph's arrays): n=4", assertThrows(ColonyException.class,
                        () -> Metis.check("METIS_PartGraphKway", -2, "n=4")).getMessage());
        assertTrue(assertThrows(ColonyException.class, () -> Metis.check("METIS_PartGraphKway", -3, ""))
                .getMessage().startsWith("METIS_PartGraphKway failed with METIS_ERROR_MEMORY (METIS ran out of "
                        + "memory"));
        assertTrue(assertThrows(ColonyException.class, () -> Metis.check("METIS_PartGraphKway", -4, ""))
                .getMessage().startsWith("METIS_PartGraphKway failed with METIS_ERROR (an error inside METIS"));
        assertEquals("METIS_SetDefaultOptions failed with an unknown code 7", assertThrows(ColonyException.class,
                () -> Metis.check("METIS_SetDefaultOptions", 7, "")).getMessage());
    }

    @Test
    void theInstalledLibrary_passesTheWidthAndKnownAnswerChecks() {
        SmallGraphs.requireMetis();
        assertEquals(null, Metis.unavailableReason());
        assertEquals(RuntimeSwitches.METIS_LIBRARY.value(), Metis.system().library());
    }

    @Test
    void metisEdgeCut_isTheCutWeightColonyMeasures() {
        SmallGraphs.requireMetis();
        SmallGraphs.Csr lattice = SmallGraphs.lattice(25, 13);
        int[] weights = new int[lattice.targets().length];
        for (int v = 0; v < lattice.n(); v++) {
            for (int e = lattice.offsets()[v]; e < lattice.offsets()[v + 1]; e++) {
                weights[e] = 1 + (v + lattice.targets()[e]) % 3; // the same from both ends
            }
        }
        Adjacency weighted = new Adjacency(lattice.n(), lattice.offsets(), lattice.targets(), null, weights);
        Metis.Parts parts = Metis.system().partKway(weighted, 3, false);
        PartitionQuality q = PartitionQuality.of(weighted, parts.part(), 3);
        assertEquals(parts.edgeCut(), q.cutWeight());
        assertFalse(q.cutWeight() == q.cutEdges(), "the weights matter: " + q);
    }
}
