package org.colony.runtime.cpu;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * A fixed set of platform threads that run the tasks of one job together with the calling thread.
 * Tasks are taken from a shared counter, so the split of work between threads varies from run to run;
 * kernels write disjoint cells, so results do not depend on it.
 */
final class WorkerPool implements AutoCloseable {

    /** One batch of tasks. */
    private static final class Job {
        final int tasks;
        final IntConsumer body;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger finished = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread caller = Thread.currentThread();

        Job(int tasks, IntConsumer body) {
            this.tasks = tasks;
            this.body = body;
        }

        void work() {
            for (int i = next.getAndIncrement(); i < tasks; i = next.getAndIncrement()) {
                try {
                    if (failure.get() == null) {
                        body.accept(i);
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                } finally {
                    if (finished.incrementAndGet() == tasks) {
                        LockSupport.unpark(caller);
                    }
                }
            }
        }
    }

    private final Thread[] threads;
    private volatile Job job;
    private volatile long generation;
    private volatile boolean closed;

    /** Starts {@code threads - 1} workers; the caller is the last thread. */
    WorkerPool(int threads) {
        this.threads = new Thread[Math.max(0, threads - 1)];
        for (int i = 0; i < this.threads.length; i++) {
            Thread t = new Thread(this::loop, "colony-cpu-" + (i + 1));
            t.setDaemon(true);
            this.threads[i] = t;
            t.start();
        }
    }

    /** The number of threads that run a job, the caller included. */
    int parallelism() {
        return threads.length + 1;
    }

    /**
     * Runs {@code body.accept(i)} for every i in {@code [0, tasks)} and returns when all are done.
     * The first exception a task throws is rethrown here (unchecked ones as they are).
     */
    void run(int tasks, IntConsumer body) {
        if (tasks <= 0) {
            return;
        }
        if (threads.length == 0 || tasks == 1) {
            for (int i = 0; i < tasks; i++) {
                body.accept(i);
            }
            return;
        }
        Job j = new Job(tasks, body);
        job = j;
        generation++;
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
        j.work();
        while (j.finished.get() < tasks) {
            LockSupport.park(this);
        }
        job = null;
        Throwable t = j.failure.get();
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    private void loop() {
        long seen = 0;
        while (!closed) {
            long g = generation;
            if (g != seen && work()) {
                seen = g;
            } else {
                LockSupport.park(this);
            }
        }
    }

    /**
     * Works on the current job, if any; returns whether there was one. A method of its own, so that a parked worker's
     * frame holds no job: one it finished must not keep the job's tasks (a collection's stores, through the body)
     * reachable while it waits, as it would where the pool is never closed (a {@code close} that ran out of memory).
     */
    private boolean work() {
        Job j = job;
        if (j == null) {
            return false;
        }
        j.work();
        return true;
    }

    @Override
    public void close() {
        closed = true;
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
    }
}
