package org.colony.kernel;

/**
 * One call of a step: which step, its arguments, and what its random draws and {@code time()} see. The runtime
 * makes one per {@code callAll} or {@code count} and hands it to the backend whole; a CPU block holds the call
 * its kernels run ({@link CpuBlock#call()}).
 *
 * @param step the step's number in its model ({@link ModelInfo#steps()})
 * @param args the step's arguments, boxed in exactly its parameter types
 * @param seed the simulation's seed
 * @param epoch the random stream of this call: distinct for every call of the simulation
 * @param time the simulation time
 */
public record Call(int step, Object[] args, long seed, long epoch, long time) {

    /**
     * {@return this call as {@code info} (its step) sees it: the seed and the epoch only where the step draws random
     * numbers, the time only where it reads {@code time()}, zero otherwise} Two calls of a step that neither draws nor
     * reads the time are then alike from tick to tick (a GPU replays their launches unchanged).
     *
     * @param info the step this call runs
     */
    public Call seenBy(StepInfo info) {
        boolean random = info.usesRandom();
        return new Call(step, args, random ? seed : 0, random ? epoch : 0, info.readsTime() ? time : 0);
    }
}
