package org.colony.runtime;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.Call;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ParamInfo;
import org.colony.kernel.SharedInfo;
import org.colony.kernel.StepInfo;
import org.colony.runtime.agents.ManageRounds;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Store;
import org.colony.runtime.step.StepReferences;

/**
 * The calls of one collection's steps: which step a method reference or a name means, whether the arguments fit its
 * parameters, whether the agents it iterates are there, and the call on the store with its epoch and timing; and
 * the values of its shared attributes as the store takes them. {@link ModelCollection} keeps the public overloads.
 */
final class StepCalls {

    private final ModelCollection<?> c;
    private final Simulation sim;
    private final Class<?> modelClass;
    private final ModelInfo model;
    private final String name;
    private final Store store;
    /** Per slot of the model's iterated agent classes, whether a collection of them is bound. */
    private final boolean[] bound;
    /** The collections of the iterated agent classes, where bound: those a step adds agents to. */
    private final Agents<?>[] collections;
    /**
     * By step, {@code Model.step} and {@code callAll Model.step}, as {@link Usage} keeps them: made once, not per call
     * (a run's first ticks run in the interpreter).
     */
    private final String[] stepNames;
    private final String[] callNames;

    StepCalls(ModelCollection<?> collection, Store store) {
        this.c = collection;
        this.sim = collection.sim;
        this.modelClass = collection.modelClass;
        this.model = collection.model;
        this.name = collection.name;
        this.store = store;
        this.bound = new boolean[model.agentClasses().size()];
        this.collections = new Agents<?>[model.agentClasses().size()];
        this.stepNames = new String[model.steps().size()];
        this.callNames = new String[stepNames.length];
        for (int i = 0; i < stepNames.length; i++) {
            stepNames[i] = name + "." + model.steps().get(i).name();
            callNames[i] = "callAll " + stepNames[i];
        }
    }

    /** Binds the agents' store of slot {@code slot} of the model's iterated agent classes, and their collection. */
    void bind(int slot, AgentStore agents, Agents<?> collection) {
        store.bindAgents(slot, agents);
        bound[slot] = true;
        collections[slot] = collection;
    }

    /** Refuses a step that asks for agents of a collection with a capacity, before it runs. */
    private void checkCreates(StepInfo s) {
        for (int slot : s.creates()) {
            Agents<?> target = collections[slot];
            if (target != null && target.capacity() != Integer.MAX_VALUE) {
                sim.beginCall(s.usesRandom());
                throw new ColonyException("step " + name + "." + s.name() + " (" + s.source() + ") asks for new "
                        + target.modelClass.getSimpleName() + " agents with spawn(" + target.modelClass.getSimpleName()
                        + ".class, n), but their collection allows at most " + target.capacity() + " a place; "
                        + "agents of another class are asked for of collections without a capacity");
            }
        }
    }

    /**
     * Adds the agents of other classes the step just run asked for to their collections, as {@link Agents#add} with
     * {@link Placement#at} their places (on every process, which all hold the same list).
     */
    private void addCreated(StepInfo s) {
        for (int slot : s.creates()) {
            long[] places = c.work("spawn " + name + "." + s.name(), () -> store.takeCreated(slot));
            if (places.length > 0) {
                collections[slot].add(Placement.at(places));
            }
        }
    }

    /**
     * Refuses a step that iterates agents of a class no collection of which lives on these places. The refused call
     * still takes its epoch, as it did when the backends refused it.
     */
    private void checkIterated(StepInfo s) {
        for (int slot = 0; slot < bound.length; slot++) {
            if (s.iterates().contains(slot) && !bound[slot]) {
                sim.beginCall(s.usesRandom());
                String other = model.agentClasses().get(slot).getSimpleName();
                throw new ColonyException("step " + name + "." + s.name() + " iterates " + other + " agents, but no "
                        + "collection of them lives on these places; create it with sim.agents(" + other
                        + ".class, places, ...)");
            }
        }
    }

    /** Runs step {@code step} with {@code args} on every instance. */
    void call(int step, Object[] args) {
        StepInfo s = model.steps().get(step);
        if (s.predicate()) {
            throw new ColonyException(name + "." + s.name() + " is a predicate step (it returns boolean): count the "
                    + "places where it holds with count(" + name + "::" + s.name() + ")");
        }
        Object[] converted = arguments(s, args);
        sim.checkOpen();
        checkIterated(s);
        checkCreates(s);
        sim.usage().issued(stepNames[step]);
        c.work(callNames[step], () -> {
            long epoch = sim.beginCall(s.usesRandom());
            var timer = sim.timer();
            Object jfr = timer.begin();
            long t0 = timer.clock();
            store.call(new Call(step, converted, sim.seed(), epoch, sim.time()));
            timer.end(name, s.name(), jfr == null ? 0 : c.size(), t0, jfr);
        });
        if (c instanceof Agents<?> agents && !s.actions().isEmpty()) {
            agents.intentsAsked();
        }
        for (int slot : s.agentKills()) {
            collections[slot].intentsAsked();
        }
        if (!s.creates().isEmpty()) {
            addCreated(s);
        }
    }

    /**
     * The rounds of {@code manageAll(retry, maxRounds)} with retry step {@code step}, queued on the store at once
     * ({@link AgentStore#manageRounds}), taking the epochs of the rounds that ran; null, with nothing done and no
     * epoch taken, where the store declines.
     */
    ManageRounds manageRounds(int step, int maxRounds) {
        StepInfo s = model.steps().get(step);
        // what a call of the step would refuse is refused, where the rounds run it, by the rounds one at a time
        boolean unbound = s.iterates().stream().anyMatch(slot -> !bound[slot]);
        if (s.predicate() || !s.params().isEmpty() || unbound || !s.creates().isEmpty()) {
            return null;
        }
        sim.checkOpen();
        sim.usage().issued(stepNames[step]);
        return c.work("manageAll " + name, () -> {
            long epoch = sim.epoch();
            long retryEpoch = epoch + 1;
            var timer = sim.timer();
            Object jfr = timer.begin();
            long t0 = timer.clock();
            ManageRounds rounds = ((AgentStore) store).manageRounds(new Call(step, new Object[0], sim.seed(),
                    retryEpoch, sim.time()), maxRounds, epoch);
            if (rounds == null) {
                return null;
            }
            sim.beginCall(true);
            for (int r = 1; r < rounds.rounds(); r++) {
                sim.beginCall(s.usesRandom());
                sim.beginCall(true);
            }
            timer.end(name, "manageAll", jfr == null ? 0 : c.size(), t0, jfr);
            return rounds;
        });
    }

    /** {@return the instances where predicate step {@code step} holds with {@code args}} */
    long count(int step, Object[] args) {
        StepInfo s = model.steps().get(step);
        if (!s.predicate()) {
            throw new ColonyException(name + "." + s.name() + " is not a predicate step: count needs a @Step "
                    + "method that returns boolean");
        }
        Object[] converted = arguments(s, args);
        sim.checkOpen();
        checkIterated(s);
        return c.work("count " + name + "." + s.name(), () -> {
            long epoch = sim.beginCall(s.usesRandom());
            var timer = sim.timer();
            Object jfr = timer.begin();
            long t0 = timer.clock();
            long n = store.count(new Call(step, converted, sim.seed(), epoch, sim.time()));
            timer.end(name, s.name(), jfr == null ? 0 : c.size(), t0, jfr);
            return n;
        });
    }

    /** {@return the index of the step a method reference names} */
    int step(Serializable reference) {
        sim.checkOpen();
        StepReferences.Target t = StepReferences.resolve(reference);
        if (!t.owner().equals(modelClass.getName())) {
            throw new ColonyException(simple(t.owner()) + "::" + t.method() + " is a method of " + simple(t.owner())
                    + ", but " + c.holds() + " " + name + "; steps: " + c.stepNames());
        }
        return stepNamed(t.method());
    }

    /** {@return the index of the step of that name} */
    int stepNamed(String stepName) {
        sim.checkOpen();
        int i = model.stepIndex(stepName);
        if (i < 0) {
            throw new ColonyException(name + "." + stepName + " is not a @Step of " + name + "; steps: " + c.stepNames());
        }
        return i;
    }

    private static String simple(String binaryName) {
        return binaryName.substring(Math.max(binaryName.lastIndexOf('.'), binaryName.lastIndexOf('$')) + 1);
    }

    private Object[] arguments(StepInfo s, Object[] args) {
        List<ParamInfo> params = s.params();
        if (args.length != params.size()) {
            throw new ColonyException("step " + name + "." + s.name() + signature(s) + " takes " + params.size()
                    + (params.size() == 1 ? " argument" : " arguments") + ", not " + args.length);
        }
        Object[] out = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            ParamInfo p = params.get(i);
            Object v = Values.convert(args[i], p.type());
            if (v == null) {
                throw new ColonyException("step " + name + "." + s.name() + signature(s) + " takes a "
                        + p.type().javaName() + " for " + p.name() + ", not " + Values.describe(args[i]));
            }
            out[i] = v;
        }
        return out;
    }

    private static String signature(StepInfo s) {
        StringBuilder sb = new StringBuilder("(");
        for (ParamInfo p : s.params()) {
            sb.append(sb.length() > 1 ? ", " : "").append(p.type().javaName()).append(' ').append(p.name());
        }
        return sb.append(')').toString();
    }

    /** {@return the index of a shared attribute of the model} */
    static int sharedIndex(ModelInfo model, String name, String sharedName) {
        int i = model.sharedIndex(sharedName);
        if (i < 0) {
            throw new ColonyException(name + " has no @Shared '" + sharedName + "'; shared: " + sharedNames(model));
        }
        return i;
    }

    /** {@return the value of shared attribute {@code i} as the store takes it (an array of its length, or of one)} */
    static Object sharedValues(ModelInfo model, String name, int i, Object value) {
        SharedInfo s = model.shared().get(i);
        Object values = s.type().newArray(Math.max(1, s.length()));
        if (s.isArray()) {
            if (value == null || !value.getClass().isArray()
                    || Array.getLength(value) != s.length()) {
                throw new ColonyException("@Shared " + name + "." + s.name() + " is an array of " + s.length() + " "
                        + s.type().javaName() + "; pass a " + s.type().javaName() + "[" + s.length() + "]");
            }
            for (int k = 0; k < s.length(); k++) {
                Object v = Values.convert(Array.get(value, k), s.type());
                if (v == null) {
                    throw new ColonyException("@Shared " + name + "." + s.name() + " holds " + s.type().javaName()
                            + " values, not " + value.getClass().getComponentType());
                }
                Array.set(values, k, v);
            }
        } else {
            Object v = Values.convert(value, s.type());
            if (v == null) {
                throw new ColonyException("@Shared " + name + "." + s.name() + " is a " + s.type().javaName() + ", not "
                        + Values.describe(value));
            }
            Array.set(values, 0, v);
        }
        return values;
    }

    private static List<String> sharedNames(ModelInfo model) {
        List<String> names = new ArrayList<>();
        for (SharedInfo s : model.shared()) {
            names.add(s.name());
        }
        return names;
    }
}
