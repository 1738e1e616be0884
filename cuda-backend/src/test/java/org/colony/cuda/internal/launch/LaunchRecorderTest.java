package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.colony.cuda.internal.bind.CudaException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The launch recorder's state machine against a fake device that writes down what it is asked to do: when a
 * segment of launches (a tick, or the launches between two pieces of other device work) becomes a graph, when held
 * launches go out one by one, which graph nodes are updated, which graphs are kept.
 */
class LaunchRecorderTest {

    /** A device that logs launches ({@code a=1}), graph calls and the test's own other work ({@code copy}). */
    private static final class FakeDevice implements GraphDevice {
        final List<String> log = new ArrayList<>();
        private long next = 100;
        boolean failGraphLaunch;

        @Override
        public void launch(Launch l) {
            log.add(text(l));
        }

        @Override
        public long createGraph(List<Launch> launches, long[] nodes) {
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = next++;
            }
            log.add("graph " + String.join(" ", launches.stream().map(Launch::name).toList()));
            return next++;
        }

        @Override
        public long instantiate(long graph) {
            long exec = next++;
            log.add("instantiate");
            return exec;
        }

        @Override
        public void update(long exec, long node, Launch l) {
            log.add("update " + text(l));
        }

        @Override
        public void launchGraph(long exec) {
            if (failGraphLaunch) {
                throw new CudaException("cuGraphLaunch", "CUDA_ERROR_LAUNCH_FAILED", null);
            }
            log.add("replay");
        }

        @Override
        public void destroyExec(long exec) {
            log.add("destroy exec");
        }

        @Override
        public void destroyGraph(long graph) {
            log.add("destroy graph");
        }

        @Override
        public void inContext(Runnable work) {
            work.run();
        }

        /** The entries since the last call, and forgets them. */
        List<String> take() {
            List<String> out = List.copyOf(log);
            log.clear();
            return out;
        }
    }

    private static final Map<String, Long> FUNCTIONS = Map.of("a", 1L, "b", 2L, "c", 3L, "d", 4L);

    private FakeDevice device;
    private LaunchRecorder recorder;

    @BeforeEach
    void start() {
        device = new FakeDevice();
        recorder = new LaunchRecorder(device, 0); // whole segments; chunks have a test of their own
        recorder.setEnabled(true);
    }

    @AfterEach
    void stop() {
        recorder.close();
    }

    /** Replaces the recorder by one whose graphs hold at most {@code chunk} launches. */
    private void chunksOf(int chunk) {
        recorder.close();
        recorder = new LaunchRecorder(device, chunk);
        recorder.setEnabled(true);
    }

    /** A launch of kernel {@code name} (one 8-byte parameter, {@code value}) on a grid of one block. */
    private static Launch kernel(String name, long value) {
        byte[] p = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
        return new Launch(FUNCTIONS.get(name), 1, 1, 1, 32, 1, 1, 0, 0, p, name);
    }

    private static String text(Launch l) {
        return l.name() + "=" + ByteBuffer.wrap(l.params()).order(ByteOrder.LITTLE_ENDIAN).getLong(0);
    }

    /** What a store does: the recorder holds the launch, or it goes out now. */
    private void submit(String name, long value) {
        Launch l = kernel(name, value);
        if (!recorder.hold(l)) {
            device.launch(l);
        }
    }

    /** Other device work: a copy, say. */
    private void copy() {
        LaunchRecorder.interruptAll();
        device.log.add("copy");
    }

    /** One tick of kernels {@code names}, each with parameter {@code value}. */
    private void tick(long value, String... names) {
        for (String n : names) {
            submit(n, value);
        }
        recorder.tickEnded();
    }

    @Test
    void tickRepeated_becomesAGraph_thatTheNextTickReplays() {
        tick(1, "a", "b", "c");
        assertEquals(List.of("a=1", "b=1", "c=1"), device.take());
        tick(1, "a", "b", "c");
        assertEquals(List.of("a=1", "b=1", "c=1", "graph a b c"), device.take());

        submit("a", 1);
        submit("b", 1);
        submit("c", 1);
        assertEquals(List.of(), device.take(), "a deferred tick launches nothing before its end");
        recorder.tickEnded();
        assertEquals(List.of("instantiate", "replay"), device.take());
        tick(1, "a", "b", "c");
        assertEquals(List.of("replay"), device.take());
        assertEquals(new LaunchRecorder.Tally(1, 2, 0, 1, 0), recorder.counts());
    }

    @Test
    void theSameKernelsOfOtherPartitions_areAnotherShape() {
        byte[] p = new byte[8];
        for (int t = 0; t < 3; t++) {
            for (int lane : new int[] {0, 1}) {
                Launch l = new Launch(FUNCTIONS.get("a"), 1, 1, 1, 32, 1, 1, 0, 0, p, "a", t == 2 ? 1 - lane : lane);
                if (!recorder.hold(l)) {
                    device.launch(l);
                }
            }
            recorder.tickEnded();
        }
        assertEquals(List.of("a=0", "a=0", "a=0", "a=0", "graph a a", "a=0", "a=0"), device.take(),
                "a tick whose partitions' launches swapped is not the graph learnt");
    }

    @Test
    void inChunks_eachChunkBecomesAGraph_andGoesOutWhileTheTickGoesOn() {
        chunksOf(2);
        tick(1, "a", "b", "c", "d");
        assertEquals(List.of("a=1", "b=1", "c=1", "d=1"), device.take());
        tick(1, "a", "b", "c", "d");
        assertEquals(List.of("a=1", "graph a b", "b=1", "c=1", "graph c d", "d=1"), device.take());

        submit("a", 1);
        submit("b", 1);
        assertEquals(List.of("instantiate", "replay"), device.take(), "a whole chunk goes out at once");
        submit("c", 1);
        assertEquals(List.of(), device.take());
        submit("d", 1);
        recorder.tickEnded();
        assertEquals(List.of("instantiate", "replay"), device.take());
        tick(1, "a", "b", "c", "d");
        assertEquals(List.of("replay", "replay"), device.take());
        tick(2, "a", "b", "c", "d");
        assertEquals(List.of("instantiate", "update a=2", "update b=2", "replay", "instantiate", "update c=2",
                "update d=2", "replay"), device.take());
        assertEquals(new LaunchRecorder.Tally(2, 6, 4, 4, 0), recorder.counts());
    }

    @Test
    void inChunks_aSegmentFromALargeLaunchOn_isNotCut_andAWaitRightAfterAChunkIsCounted() {
        chunksOf(2);
        byte[] p = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array();
        Launch large = new Launch(FUNCTIONS.get("c"), 2000, 1, 1, 32, 1, 1, 0, 0, p, "c");
        for (int t = 0; t < 3; t++) {
            if (!recorder.hold(large)) {
                device.launch(large);
            }
            submit("a", 1);
            submit("b", 1);
            recorder.tickEnded();
        }
        assertEquals(List.of("c=1", "a=1", "b=1", "c=1", "a=1", "b=1", "graph c a b", "instantiate", "replay"),
                device.take(), "a tick of large launches is one graph, as without chunks");

        long before = LaunchRecorder.interruptions();
        submit("d", 1);
        submit("d", 1); // a chunk ends here: nothing is held
        copy();
        copy();
        assertEquals(1, LaunchRecorder.interruptions() - before, "the wait after the chunk ended a run of launches");
    }

    @Test
    void launchThatDoesNotMatchTheNextNode_sendsTheHeldLaunchesInOrder_thenTheTickGoesOnEagerly() {
        tick(1, "a", "b", "c");
        tick(1, "a", "b", "c");
        device.take();

        submit("a", 2);
        submit("b", 2);
        assertEquals(List.of(), device.take());
        submit("d", 2);
        assertEquals(List.of("a=2", "b=2", "d=2"), device.take());
        submit("c", 2);
        assertEquals(List.of("c=2"), device.take(), "after a mismatch the tick is eager");
        recorder.tickEnded();
        assertEquals(List.of(), device.take(), "a tick of another shape keeps the graph");
        assertEquals(1, recorder.counts().flushed());
        assertEquals(0, recorder.counts().replayed());
        tick(1, "a", "b", "c");
        assertEquals(List.of("instantiate", "replay"), device.take());
    }

    @Test
    void otherDeviceWorkWhileLaunchesAreHeld_sendsThemFirst() {
        tick(1, "a", "b", "c");
        tick(1, "a", "b", "c");
        device.take();

        submit("a", 1);
        submit("b", 1);
        copy();
        submit("c", 1);
        assertEquals(List.of("a=1", "b=1", "copy", "c=1"), device.take());
        recorder.tickEnded();
        assertEquals(List.of(), device.take(), "the tick had the graph's shape: the graph stays");

        tick(1, "a", "b", "c");
        assertEquals(List.of("instantiate", "replay"), device.take());
    }

    @Test
    void otherDeviceWorkAfterTheWholeGraphIsHeld_launchesTheGraphBeforeIt() {
        tick(1, "a", "b");
        tick(1, "a", "b");
        device.take();

        submit("a", 1);
        submit("b", 1);
        copy();
        recorder.tickEnded();
        assertEquals(List.of("instantiate", "replay", "copy"), device.take());
        assertEquals(1, recorder.counts().replayed());
    }

    @Test
    void tickEndingBeforeTheGraphDoes_sendsItsLaunchesAtTheEnd_andKeepsTheGraph() {
        tick(1, "a", "b", "c");
        tick(1, "a", "b", "c");
        device.take();

        submit("a", 1);
        submit("b", 1);
        recorder.tickEnded();
        assertEquals(List.of("a=1", "b=1"), device.take());
        tick(1, "a", "b", "c");
        assertEquals(List.of("instantiate", "replay"), device.take());
    }

    @Test
    void tickThatChangesShapeForGood_getsAGraphOfItsNewShape() {
        // A driver that stops calling a step for good: a tick of launches a, b, c becomes one of a, c.
        tick(1, "a", "b", "c");
        tick(1, "a", "b", "c");
        tick(1, "a", "b", "c");
        device.take();

        tick(1, "a", "c");
        assertEquals(List.of("a=1", "c=1"), device.take());
        tick(1, "a", "c");
        assertEquals(List.of("a=1", "c=1", "graph a c"), device.take());
        tick(1, "a", "c");
        assertEquals(List.of("instantiate", "replay"), device.take());
        assertEquals(2, recorder.counts().built());
    }

    @Test
    void changedParameters_updateOnlyTheNodesWhoseBytesChanged() {
        tick(1, "a", "b");
        tick(1, "a", "b");
        device.take();

        submit("a", 1);
        submit("b", 7);
        recorder.tickEnded();
        assertEquals(List.of("instantiate", "update b=7", "replay"), device.take());
        tick(1, "a", "b");
        assertEquals(List.of("instantiate", "replay"), device.take(), "a second executable graph, as built");
        submit("a", 1);
        submit("b", 8);
        recorder.tickEnded();
        assertEquals(List.of("update b=8", "replay"), device.take(), "the least recently used one is updated");
        assertEquals(2, recorder.counts().updated());
    }

    @Test
    void parametersThatAlternate_replayTwoExecutableGraphs_withNoUpdateOnceBothExist() {
        // GameOfLife: the double buffer swaps its columns every tick.
        tick(1, "a");
        tick(2, "a");
        tick(1, "a");
        tick(2, "a");
        device.take();
        LaunchRecorder.Tally warm = recorder.counts();
        for (int t = 0; t < 10; t++) {
            tick(1 + t % 2, "a");
        }
        assertEquals(List.of("replay", "replay", "replay", "replay", "replay", "replay", "replay", "replay", "replay",
                "replay"), device.take());
        LaunchRecorder.Tally steady = recorder.counts().since(warm);
        assertEquals(new LaunchRecorder.Tally(0, 10, 0, 0, 0), steady);
        assertEquals(2, recorder.counts().instantiated());
    }

    @Test
    void tickWithOtherWorkBetweenItsLaunches_replaysEachSegmentAsItsOwnGraph() {
        // An agent tick: launches, a wait for counts, more launches.
        for (int t = 0; t < 2; t++) {
            submit("a", 1);
            submit("b", 1);
            copy();
            submit("c", 1);
            recorder.tickEnded();
        }
        assertEquals(List.of("a=1", "b=1", "copy", "c=1", "a=1", "b=1", "graph a b", "copy", "c=1", "graph c"),
                device.take());
        submit("a", 1);
        submit("b", 1);
        assertEquals(List.of(), device.take(), "the first segment is held");
        copy();
        submit("c", 1);
        recorder.tickEnded();
        assertEquals(List.of("instantiate", "replay", "copy", "instantiate", "replay"), device.take(),
                "each segment is launched as its graph before the work that ends it");
        assertEquals(new LaunchRecorder.Tally(2, 2, 0, 2, 0), recorder.counts());
    }

    @Test
    void segmentsOfManyShapes_keepAGraphEach_andTheOneMatchedWholeIsLaunched() {
        // Rounds of a manageAll: the same kernels, sometimes with one more at the end.
        for (int t = 0; t < 2; t++) {
            submit("a", 1);
            submit("b", 1);
            copy();
            submit("a", 1);
            submit("b", 1);
            submit("c", 1);
            copy();
        }
        assertEquals(2, recorder.counts().built());
        device.take();
        submit("a", 2);
        submit("b", 2);
        submit("c", 2);
        copy();
        submit("a", 2);
        submit("b", 2);
        copy();
        assertEquals(List.of("instantiate", "update a=2", "update b=2", "update c=2", "replay", "copy",
                "instantiate", "update a=2", "update b=2", "replay", "copy"), device.take());
        submit("a", 2);
        submit("b", 2);
        submit("d", 2);
        copy();
        assertEquals(List.of("a=2", "b=2", "d=2", "copy"), device.take(), "a launch that fits no graph");
    }

    @Test
    void segmentOfLargeGridsEndingInOtherWork_staysEager_butATickOfThemBecomesAGraph() {
        // The device works longer than the host takes to launch: holding would only delay it.
        for (int t = 0; t < 3; t++) {
            submitLarge("a");
            submitLarge("b");
            copy();
        }
        assertEquals(0, recorder.counts().built());
        assertEquals(9, device.take().size(), "every launch went out at once");
        for (int t = 0; t < 3; t++) {
            submitLarge("a");
            submitLarge("b");
            recorder.tickEnded();
        }
        assertEquals(1, recorder.counts().built(), "a whole tick is held to its end, where the next tick overlaps it");
    }

    @Test
    void largeGridsOfPartitions_fitAGraphWhateverTheirGrid_forTheirBranchesRunSideBySideOnlyThere() {
        // Two partitions' agent kernels between two waits: large grids that follow populations changing every tick.
        for (int grid = 1; grid <= 3; grid++) {
            submitInLane("a", (int) LaunchRecorder.SMALL_BLOCKS + grid, 0);
            submitInLane("b", (int) LaunchRecorder.SMALL_BLOCKS + grid, 1);
            copy();
        }
        assertEquals(List.of("a=1", "b=1", "copy", "a=1", "b=1", "graph a b", "copy", "instantiate", "update a=1",
                "update b=1", "replay", "copy"), device.take(), "learnt like small grids, and the nodes take the grids");
        submitLarge("a");
        submitLarge("b");
        copy();
        assertEquals(List.of("a=1", "b=1", "copy"), device.take(), "the same kernels outside a partition's lane");
    }

    private void submitInLane(String name, int grid, int lane) {
        byte[] p = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array();
        Launch l = new Launch(FUNCTIONS.get(name), grid, 1, 1, 256, 1, 1, 0, 0, p, name, lane);
        if (!recorder.hold(l)) {
            device.launch(l);
        }
    }

    @Test
    void smallGridsThatChangeBetweenTicks_keepOneGraph_whoseNodesTakeTheNewGrid() {
        // The kernels over a collection's agents: their grids follow the population, which changes every tick.
        tickOnGrids(3, 5);
        tickOnGrids(3, 5);
        assertEquals(1, recorder.counts().built());
        device.take();
        tickOnGrids(4, 5);
        assertEquals(List.of("instantiate", "update a=1", "replay"), device.take(), "a's grid changed, b's did not");
        tickOnGrids(4, 9);
        assertEquals(List.of("instantiate", "update a=1", "update b=1", "replay"), device.take(),
                "the second executable graph, as built, takes both grids");
        tickOnGrids(4, 9);
        assertEquals(List.of("replay"), device.take(), "the grids it has now");
        tickOnGrids((int) LaunchRecorder.SMALL_BLOCKS + 1, 9);
        assertEquals(List.of("a=1", "b=1"), device.take(), "a large grid is a shape of its own: eager, then learnt");
        assertEquals(1, recorder.counts().built());
        assertEquals(2, recorder.counts().instantiated());
    }

    /** One tick of kernel a on a grid of {@code a} blocks, then b on {@code b} blocks (parameter 1 each). */
    private void tickOnGrids(int a, int b) {
        byte[] p = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array();
        for (Launch l : List.of(new Launch(FUNCTIONS.get("a"), a, 1, 1, 256, 1, 1, 0, 0, p, "a"),
                new Launch(FUNCTIONS.get("b"), b, 1, 1, 256, 1, 1, 0, 0, p, "b"))) {
            if (!recorder.hold(l)) {
                device.launch(l);
            }
        }
        recorder.tickEnded();
    }

    private void submitLarge(String name) {
        byte[] p = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array();
        Launch l = new Launch(FUNCTIONS.get(name), (int) LaunchRecorder.SMALL_BLOCKS + 1, 1, 1, 256, 1, 1, 0, 0, p,
                name);
        if (!recorder.hold(l)) {
            device.launch(l);
        }
    }

    @Test
    void moreShapesThanAreKept_dropTheLeastRecentlyUsedGraph() {
        // GRAPHS + 1 shapes of at most 128 launches (a graph has at most MAX_NODES): 1 to 128 launches of "a", then
        // of "b", then of "c"
        for (int shape = 0; shape <= LaunchRecorder.GRAPHS; shape++) {
            String name = List.of("a", "b", "c").get(shape / 128);
            for (int t = 0; t < 2; t++) {
                for (int k = 0; k <= shape % 128; k++) {
                    submit(name, 1);
                }
                copy();
            }
        }
        List<String> log = device.take();
        assertEquals(LaunchRecorder.GRAPHS + 1, log.stream().filter(s -> s.startsWith("graph")).count());
        assertEquals(List.of("destroy graph"), log.stream().filter(s -> s.startsWith("destroy")).toList(),
                "the first shape's graph went when one more was built");
        submit("a", 1);
        copy();
        assertEquals(List.of("a=1", "copy"), device.take(), "a segment of one launch has no graph any more");
        submit("a", 1);
        submit("a", 1);
        copy();
        assertEquals(List.of("instantiate", "replay", "copy"), device.take());
    }

    @Test
    void otherWorkBeforeTheFirstLaunchOrAfterTheLast_stillLetsTheTickBecomeAGraph() {
        for (int t = 0; t < 2; t++) {
            copy();
            submit("a", 1);
            submit("b", 1);
            copy();
            recorder.tickEnded();
        }
        assertEquals(1, recorder.counts().built());
        copy();
        submit("a", 1);
        submit("b", 1);
        recorder.tickEnded();
        assertEquals(1, recorder.counts().replayed());
    }

    @Test
    void tickWithMoreLaunchesThanAGraphMayHave_neverBecomesOne() {
        String[] many = new String[LaunchRecorder.MAX_NODES + 1];
        Arrays.fill(many, "a");
        tick(1, many);
        tick(1, many);
        tick(1, many);
        assertEquals(0, recorder.counts().built());
        assertEquals(3 * many.length, device.take().size());
    }

    @Test
    void turnedOffWhileLaunchesAreHeld_sendsThemFirst_thenLaunchesEverythingAtOnce() {
        tick(1, "a", "b");
        tick(1, "a", "b");
        device.take();

        submit("a", 1);
        recorder.setEnabled(false);
        assertEquals(List.of("a=1", "destroy graph"), device.take());
        submit("b", 1);
        recorder.tickEnded();
        tick(1, "a", "b");
        tick(1, "a", "b");
        assertEquals(List.of("b=1", "a=1", "b=1", "a=1", "b=1"), device.take());
        assertEquals(1, recorder.counts().built());
    }

    @Test
    void failedGraphLaunch_sendsTheHeldLaunchesOneByOne_andSurfacesTheError() {
        tick(1, "a", "b");
        tick(1, "a", "b");
        device.take();
        device.failGraphLaunch = true;

        submit("a", 1);
        submit("b", 1);
        CudaException e = assertThrows(CudaException.class, recorder::tickEnded);
        assertEquals("cuGraphLaunch", e.function());
        assertEquals(List.of("instantiate", "a=1", "b=1", "destroy exec", "destroy graph"), device.take());
        assertFalse(recorder.enabled());
        recorder.setEnabled(true);
        assertFalse(recorder.enabled(), "a failure turns graphs off for good (say, when --profile stops)");
        submit("a", 1);
        assertEquals(List.of("a=1"), device.take(), "after a failure every launch goes out at once");
    }

    @Test
    void emptyTick_changesNothing() {
        tick(1, "a");
        recorder.tickEnded();
        tick(1, "a");
        assertEquals(1, recorder.counts().built());
        recorder.tickEnded();
        tick(1, "a");
        assertTrue(device.take().contains("replay"));
    }
}
