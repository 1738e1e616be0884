package org.colony.cuda.internal.store;

import org.colony.kernel.StepInfo;
import org.colony.kernel.cuda.KernelParam;
import org.colony.runtime.spi.AgentStore;

/**
 * The agent collections a step iterates (agents reading or writing the agents of other classes on their places, places
 * reading or writing the agents on them), for the kernels of places and of agents alike: which collection each slot
 * is on the device, what a kernel gets for their index and their incoming columns, and the writes made into them,
 * readied before the step and combined after it.
 */
final class IteratedAgents {

    private IteratedAgents() {
    }

    /**
     * Per slot of the iterated agent classes of a model whose step {@code step} runs, the device collection whose
     * index the step reads ({@code bound} on the device, or the device agents of a partition), else null.
     *
     * @param owner the model whose step it is, for the message of a slot left unbound
     */
    static CudaAgentStore[] of(StepInfo step, AgentStore[] bound, String owner) {
        CudaAgentStore[] out = new CudaAgentStore[bound.length];
        for (int slot = 0; slot < bound.length; slot++) {
            if (!step.iterates().contains(slot)) {
                continue;
            }
            if (bound[slot] instanceof CudaAgentStore agents) {
                out[slot] = agents;
            } else if (bound[slot] instanceof CudaAgentPartition agents) {
                out[slot] = agents.onDevice();
            } else {
                // The runtime refuses such a step before it reaches a backend (ModelCollection.checkIterated).
                throw new IllegalStateException("slot=" + slot + " of " + owner + " is iterated by step "
                        + step.name() + " but not bound");
            }
        }
        return out;
    }

    /**
     * What a kernel that only counts {@code agents} by place gets ({@link KernelParam.Kind#INDEX_COUNTS}): their
     * number per place (built on first use after a change), or 0 for {@code agents} null.
     */
    static long countsArgument(CudaAgentStore agents) {
        return agents == null ? 0L : agents.index().counts();
    }

    /**
     * What a kernel whose step iterates {@code agents} gets for a parameter of their index
     * ({@link CudaAgentStore#indexArgument}), or 0 where it iterates none of the slot's class (the kernel never reads
     * them: the index is not built).
     */
    static long indexArgument(CudaAgentStore agents, KernelParam param) {
        return agents == null ? 0L : agents.indexArgument(param);
    }

    /** The incoming column or death intents of {@code agents} that a step writing them takes. */
    static long writeArgument(CudaAgentStore agents, KernelParam param) {
        return agents.writeArgument(param);
    }

    /** Makes the incoming columns of the agents a step writes ready. */
    static void prepareIncoming(StepInfo s, CudaAgentStore[] iterated) {
        for (var slot : s.agentWrites().entrySet()) {
            for (var w : slot.getValue().entrySet()) {
                iterated[slot.getKey()].columns().prepareIncoming(w.getKey(), w.getValue());
            }
        }
    }

    /** Combines the writes a step made to other agents into their columns, as it ends. */
    static void applyIncoming(StepInfo s, CudaAgentStore[] iterated) {
        for (var slot : s.agentWrites().entrySet()) {
            for (var w : slot.getValue().entrySet()) {
                iterated[slot.getKey()].columns().applyIncoming(w.getKey(), w.getValue());
            }
        }
    }

    /**
     * Notes that step {@code s} changed the partitions' agents among {@code bound} it wrote into or killed (a place
     * step's or another collection's): their host copies are stale.
     */
    static void changedBy(StepInfo s, Object[] bound) {
        for (int slot = 0; slot < bound.length; slot++) {
            if (bound[slot] instanceof CudaAgentPartition agents
                    && (s.agentWrites().containsKey(slot) || s.agentKills().contains(slot))) {
                agents.changedOnDevice();
            }
        }
    }
}
