package org.colony.runtime;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.colony.ColonyException;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.StepInfo;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.Store;
import org.colony.runtime.step.PredicateRef0;
import org.colony.runtime.step.PredicateRef1;
import org.colony.runtime.step.PredicateRef2;
import org.colony.runtime.step.StepRef0;
import org.colony.runtime.step.StepRef1;
import org.colony.runtime.step.StepRef2;
import org.colony.runtime.step.StepRef3;
import org.colony.runtime.step.StepRef4;
import org.colony.runtime.storage.BlockStorage;

/**
 * What places and agents collections share: running steps on every instance, reading and writing
 * attributes, shared values, reductions and checksums. Arrays in and out hold one value per instance
 * in the collection's order (global index order for places, id order for agents).
 *
 * @param <P> the model class
 */
public abstract sealed class ModelCollection<P> permits Places, Agents {

    final Simulation sim;
    final Class<P> modelClass;
    final ModelInfo model;
    final String name;
    private final Store store;
    /** Calls of the model's steps: finding them, checking their arguments, running them on the store. */
    private final StepCalls calls;
    /** Finds the attributes the accessors name. */
    private final AttributeLookup attributes;
    /** The shared attributes' values as last set (zeros before), which a checkpoint saves. */
    private final Object[] shared;

    ModelCollection(Simulation sim, Class<P> modelClass, ModelDescriptor descriptor, Store store) {
        this.sim = sim;
        this.modelClass = modelClass;
        this.model = descriptor.info();
        this.name = modelClass.getSimpleName();
        this.store = store;
        this.calls = new StepCalls(this, store);
        this.attributes = new AttributeLookup(sim, model, name);
        this.shared = BlockStorage.newShared(model);
    }

    /** Binds the agent collection of slot {@code slot} of the model's iterated agent classes. */
    final void bindAgents(int slot, Agents<?> agents) {
        calls.bind(slot, agents.store(), agents);
    }

    /** Runs backend work of a call: one thread at a time, and a failure leaves the simulation failed. */
    final <T> T work(String what, Supplier<T> body) {
        return sim.usage().run(what, body);
    }

    /** As {@link #work(String, Supplier)}, for work without a result. */
    final void work(String what, Runnable body) {
        sim.usage().run(what, body);
    }

    /** {@return the number of instances (places, or live agents)} */
    public abstract long size();

    /** How messages say what the collection holds: "these places hold", "these agents are". */
    abstract String holds();

    /** How messages state the collection's size: "the grid 3x3 has 9 cells". */
    abstract String sizeText();

    /** {@return the model class} */
    public Class<P> modelClass() {
        return modelClass;
    }

    /** {@return the model as the processor described it} */
    public ModelInfo model() {
        return model;
    }

    /** {@return bytes of memory the collection holds on its backend} */
    public long memoryBytes() {
        sim.checkOpen();
        return store.bytes();
    }

    // ---- steps -------------------------------------------------------------------------------

    /** {@return the calls of this collection's steps} */
    final StepCalls calls() {
        return calls;
    }

    /**
     * Runs a step without parameters on every place.
     *
     * @param step the step, as a method reference ({@code Cell::diffuse})
     */
    public void callAll(StepRef0<P> step) {
        calls.call(calls.step(step), new Object[0]);
    }

    /**
     * Runs a step with one parameter on every place.
     *
     * @param <A> the type of the step's first parameter
     * @param a the step's first argument
     * @param step the step, as a method reference ({@code Cell::diffuse})
     */
    public <A> void callAll(StepRef1<P, A> step, A a) {
        calls.call(calls.step(step), new Object[] {a});
    }

    /**
     * Runs a step with two parameters on every place.
     *
     * @param <A> the type of the step's first parameter
     * @param <B> the type of the step's second parameter
     * @param a the step's first argument
     * @param b the step's second argument
     * @param step the step, as a method reference ({@code Cell::diffuse})
     */
    public <A, B> void callAll(StepRef2<P, A, B> step, A a, B b) {
        calls.call(calls.step(step), new Object[] {a, b});
    }

    /**
     * Runs a step with three parameters on every place.
     *
     * @param <A> the type of the step's first parameter
     * @param <B> the type of the step's second parameter
     * @param <C> the type of the step's third parameter
     * @param a the step's first argument
     * @param b the step's second argument
     * @param c the step's third argument
     * @param step the step, as a method reference ({@code Cell::diffuse})
     */
    public <A, B, C> void callAll(StepRef3<P, A, B, C> step, A a, B b, C c) {
        calls.call(calls.step(step), new Object[] {a, b, c});
    }

    /**
     * Runs a step with four parameters on every place.
     *
     * @param <A> the type of the step's first parameter
     * @param <B> the type of the step's second parameter
     * @param <C> the type of the step's third parameter
     * @param <D> the type of the step's fourth parameter
     * @param a the step's first argument
     * @param b the step's second argument
     * @param c the step's third argument
     * @param d the step's fourth argument
     * @param step the step, as a method reference ({@code Cell::diffuse})
     */
    public <A, B, C, D> void callAll(StepRef4<P, A, B, C, D> step, A a, B b, C c, D d) {
        calls.call(calls.step(step), new Object[] {a, b, c, d});
    }

    /**
     * Runs the step with the given method name on every place (for tools that choose steps at run time).
     *
     * @param args the step's arguments, boxed, in order
     * @param stepName the step's method name
     */
    public void callAll(String stepName, Object... args) {
        calls.call(calls.stepNamed(stepName), args == null ? new Object[] {null} : args);
    }

    /**
     * Counts the places where a predicate step without parameters is true.
     *
     * @param predicate the predicate step, as a method reference
     * @return the number of instances where the step returned true
     */
    public long count(PredicateRef0<P> predicate) {
        return calls.count(calls.step(predicate), new Object[0]);
    }

    /**
     * Counts the places where a predicate step with one parameter is true.
     *
     * @param <A> the type of the step's first parameter
     * @param a the step's first argument
     * @param predicate the predicate step, as a method reference
     * @return the number of instances where the step returned true
     */
    public <A> long count(PredicateRef1<P, A> predicate, A a) {
        return calls.count(calls.step(predicate), new Object[] {a});
    }

    /**
     * Counts the places where a predicate step with two parameters is true.
     *
     * @param <A> the type of the step's first parameter
     * @param <B> the type of the step's second parameter
     * @param a the step's first argument
     * @param b the step's second argument
     * @param predicate the predicate step, as a method reference
     * @return the number of instances where the step returned true
     */
    public <A, B> long count(PredicateRef2<P, A, B> predicate, A a, B b) {
        return calls.count(calls.step(predicate), new Object[] {a, b});
    }

    /**
     * Counts the places where the predicate step with the given method name is true.
     *
     * @param args the step's arguments, boxed, in order
     * @param stepName the step's method name
     * @return the number of instances where the step returned true
     */
    public long count(String stepName, Object... args) {
        return calls.count(calls.stepNamed(stepName), args == null ? new Object[] {null} : args);
    }

    /** {@return the names of the model's steps} */
    public List<String> stepNames() {
        List<String> names = new ArrayList<>();
        for (StepInfo s : model.steps()) {
            names.add(s.name());
        }
        return names;
    }

    /** {@return the names of the model's attributes} */
    public List<String> attributeNames() {
        return attributes.names();
    }

    // ---- attributes --------------------------------------------------------------------------

    private int cells() {
        long n = size();
        if (n > Integer.MAX_VALUE - 8) {
            throw new ColonyException(this + " has " + n + " instances, more than one Java array holds");
        }
        return (int) n;
    }

    private Object read(String attr, int k, ScalarType type, boolean element) {
        int a = attributes.attribute(attr, type, element);
        int e = attributes.element(a, k);
        Object out = type.newArray(cells());
        work("get " + name + "." + attr, () -> store.read(a, e, out));
        return out;
    }

    private void write(String attr, int k, Object values, ScalarType type, boolean element) {
        int a = attributes.attribute(attr, type, element);
        if (values == null) {
            throw new ColonyException("set(\"" + attr + "\", null): give an array of " + size() + " values");
        }
        int n = Array.getLength(values);
        if (n != size()) {
            throw new ColonyException("set(\"" + attr + "\", values): values has " + n + " elements, " + sizeText());
        }
        int e = attributes.element(a, k);
        work("set " + name + "." + attr, () -> store.write(a, e, values));
    }

    /**
     * {@return the values of a double attribute}
     *
     * @param attr the attribute's field name
     */
    public double[] getDouble(String attr) {
        return (double[]) read(attr, 0, ScalarType.DOUBLE, false);
    }

    /**
     * {@return the values of element {@code k} of a double array attribute}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public double[] getDouble(String attr, int k) {
        return (double[]) read(attr, k, ScalarType.DOUBLE, true);
    }

    /**
     * {@return the values of a float attribute}
     *
     * @param attr the attribute's field name
     */
    public float[] getFloat(String attr) {
        return (float[]) read(attr, 0, ScalarType.FLOAT, false);
    }

    /**
     * {@return the values of element {@code k} of a float array attribute}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public float[] getFloat(String attr, int k) {
        return (float[]) read(attr, k, ScalarType.FLOAT, true);
    }

    /**
     * {@return the values of a long attribute}
     *
     * @param attr the attribute's field name
     */
    public long[] getLong(String attr) {
        return (long[]) read(attr, 0, ScalarType.LONG, false);
    }

    /**
     * {@return the values of element {@code k} of a long array attribute}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public long[] getLong(String attr, int k) {
        return (long[]) read(attr, k, ScalarType.LONG, true);
    }

    /**
     * {@return the values of an int attribute}
     *
     * @param attr the attribute's field name
     */
    public int[] getInt(String attr) {
        return (int[]) read(attr, 0, ScalarType.INT, false);
    }

    /**
     * {@return the values of element {@code k} of an int array attribute}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public int[] getInt(String attr, int k) {
        return (int[]) read(attr, k, ScalarType.INT, true);
    }

    /**
     * {@return the values of a short attribute}
     *
     * @param attr the attribute's field name
     */
    public short[] getShort(String attr) {
        return (short[]) read(attr, 0, ScalarType.SHORT, false);
    }

    /**
     * {@return the values of element {@code k} of a short array attribute}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public short[] getShort(String attr, int k) {
        return (short[]) read(attr, k, ScalarType.SHORT, true);
    }

    /**
     * {@return the values of a byte attribute}
     *
     * @param attr the attribute's field name
     */
    public byte[] getByte(String attr) {
        return (byte[]) read(attr, 0, ScalarType.BYTE, false);
    }

    /**
     * {@return the values of element {@code k} of a byte array attribute}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public byte[] getByte(String attr, int k) {
        return (byte[]) read(attr, k, ScalarType.BYTE, true);
    }

    /**
     * {@return the values of a boolean attribute}
     *
     * @param attr the attribute's field name
     */
    public boolean[] getBoolean(String attr) {
        return (boolean[]) read(attr, 0, ScalarType.BOOLEAN, false);
    }

    /**
     * {@return the values of element {@code k} of a boolean array attribute}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public boolean[] getBoolean(String attr, int k) {
        return (boolean[]) read(attr, k, ScalarType.BOOLEAN, true);
    }

    /**
     * {@return the values of any scalar attribute, or element {@code k} of an array attribute, as a primitive array of
     * the attribute's own type (for tools that handle every type)}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public Object getColumn(String attr, int k) {
        int a = attributes.any(attr);
        int e = attributes.element(a, k);
        Object out = model.attributes().get(a).type().newArray(cells());
        work("get " + name + "." + attr, () -> store.read(a, e, out));
        return out;
    }

    /**
     * {@return the least and greatest values of any scalar attribute, or element {@code k} of an array attribute, and
     * their count, reduced where the column lives (on a GPU only they are downloaded); the same as {@link #reduce}'s}
     *
     * @param attr the attribute's field name
     * @param k the element, 0 for a scalar attribute
     */
    public Extremes extremes(String attr, int k) {
        int a = attributes.any(attr);
        int e = attributes.element(a, k);
        return work("extremes " + name + "." + attr, () -> store.extremes(a, e));
    }

    /**
     * {@return the counts of the values of any scalar attribute, or element {@code k} of an array attribute, in {@code
     * bins}, as {@link Bins#count} gives them: counted where the column lives where the backend can (on one GPU only
     * the counts are downloaded), else from the column read out (the CPU, partitions)}
     *
     * @param attr the attribute's field name
     * @param k the element, 0 for a scalar attribute
     * @param bins the bins
     */
    public long[] histogram(String attr, int k, Bins bins) {
        int a = attributes.any(attr);
        int e = attributes.element(a, k);
        long[] counts = work("histogram " + name + "." + attr, () -> store.histogram(a, e, bins));
        return counts != null ? counts : bins.count(getColumn(attr, k));
    }

    /**
     * Sets a double attribute of every place.
     *
     * @param attr the attribute's field name
     * @param values one value per instance, in index order
     */
    public void set(String attr, double[] values) {
        write(attr, 0, values, ScalarType.DOUBLE, false);
    }

    /**
     * Sets element {@code k} of a double array attribute of every place.
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     * @param values one value per instance, in index order
     */
    public void set(String attr, int k, double[] values) {
        write(attr, k, values, ScalarType.DOUBLE, true);
    }

    /**
     * Sets a float attribute of every place.
     *
     * @param attr the attribute's field name
     * @param values one value per instance, in index order
     */
    public void set(String attr, float[] values) {
        write(attr, 0, values, ScalarType.FLOAT, false);
    }

    /**
     * Sets element {@code k} of a float array attribute of every place.
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     * @param values one value per instance, in index order
     */
    public void set(String attr, int k, float[] values) {
        write(attr, k, values, ScalarType.FLOAT, true);
    }

    /**
     * Sets a long attribute of every place.
     *
     * @param attr the attribute's field name
     * @param values one value per instance, in index order
     */
    public void set(String attr, long[] values) {
        write(attr, 0, values, ScalarType.LONG, false);
    }

    /**
     * Sets element {@code k} of a long array attribute of every place.
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     * @param values one value per instance, in index order
     */
    public void set(String attr, int k, long[] values) {
        write(attr, k, values, ScalarType.LONG, true);
    }

    /**
     * Sets an int attribute of every place.
     *
     * @param attr the attribute's field name
     * @param values one value per instance, in index order
     */
    public void set(String attr, int[] values) {
        write(attr, 0, values, ScalarType.INT, false);
    }

    /**
     * Sets element {@code k} of an int array attribute of every place.
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     * @param values one value per instance, in index order
     */
    public void set(String attr, int k, int[] values) {
        write(attr, k, values, ScalarType.INT, true);
    }

    /**
     * Sets a short attribute of every place.
     *
     * @param attr the attribute's field name
     * @param values one value per instance, in index order
     */
    public void set(String attr, short[] values) {
        write(attr, 0, values, ScalarType.SHORT, false);
    }

    /**
     * Sets element {@code k} of a short array attribute of every place.
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     * @param values one value per instance, in index order
     */
    public void set(String attr, int k, short[] values) {
        write(attr, k, values, ScalarType.SHORT, true);
    }

    /**
     * Sets a byte attribute of every place.
     *
     * @param attr the attribute's field name
     * @param values one value per instance, in index order
     */
    public void set(String attr, byte[] values) {
        write(attr, 0, values, ScalarType.BYTE, false);
    }

    /**
     * Sets element {@code k} of a byte array attribute of every place.
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     * @param values one value per instance, in index order
     */
    public void set(String attr, int k, byte[] values) {
        write(attr, k, values, ScalarType.BYTE, true);
    }

    /**
     * Sets a boolean attribute of every place.
     *
     * @param attr the attribute's field name
     * @param values one value per instance, in index order
     */
    public void set(String attr, boolean[] values) {
        write(attr, 0, values, ScalarType.BOOLEAN, false);
    }

    /**
     * Sets element {@code k} of a boolean array attribute of every place.
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     * @param values one value per instance, in index order
     */
    public void set(String attr, int k, boolean[] values) {
        write(attr, k, values, ScalarType.BOOLEAN, true);
    }

    // ---- shared ------------------------------------------------------------------------------

    /**
     * Sets a shared attribute: a boxed number or boolean for a scalar, a primitive array of its length for a
     * shared array. Numbers are widened as Java would; narrowing is refused.
     *
     * @param sharedName the {@code @Shared} field's name
     * @param value the new value
     */
    public void setShared(String sharedName, Object value) {
        sim.checkOpen();
        int i = StepCalls.sharedIndex(model, name, sharedName);
        Object values = StepCalls.sharedValues(model, name, i, value);
        work("setShared " + name + "." + sharedName, () -> store.setShared(i, values));
        shared[i] = values;
    }

    /** {@return the values of shared attribute {@code i} as last set, zeros before (not a copy)} */
    final Object sharedValues(int i) {
        return shared[i];
    }

    /** Sets shared attribute {@code i} to {@code values}, a primitive array of its type and length. */
    final void restoreShared(int i, Object values) {
        work("resume " + name, () -> store.setShared(i, values));
        shared[i] = values;
    }

    // ---- reductions --------------------------------------------------------------------------

    /**
     * {@return sum, minimum and maximum of a scalar attribute, in one pass, independent of threads and partitions}
     *
     * @param attr the attribute's field name
     */
    public Reduction reduce(String attr) {
        int a = attributes.attribute(attr, null, false);
        return work("reduce " + name + "." + attr, () -> store.reduce(a, 0));
    }

    /**
     * {@return sum, minimum and maximum of element {@code k} of an array attribute}
     *
     * @param attr the attribute's field name
     * @param k the element, from 0 to the array's length - 1
     */
    public Reduction reduce(String attr, int k) {
        int a = attributes.attribute(attr, null, true);
        int e = attributes.element(a, k);
        return work("reduce " + name + "." + attr, () -> store.reduce(a, e));
    }

    /**
     * {@return the sum of an attribute} Floating-point values are summed exactly and rounded once, so the result does
     * not depend on threads, partitions or devices; booleans count as 0 and 1.
     *
     * @param attr the attribute's field name
     */
    public double sum(String attr) {
        return reduce(attr).sum();
    }

    /**
     * {@return the exact sum of an integral or boolean attribute}
     *
     * @param attr the attribute's field name
     */
    public long sumLong(String attr) {
        int a = attributes.attribute(attr, null, false);
        if (model.attributes().get(a).type().isFloating()) {
            throw new ColonyException("attribute " + name + "." + attr + " is floating point; use sum");
        }
        return work("sumLong " + name + "." + attr, () -> store.reduce(a, 0)).longSum();
    }

    /**
     * {@return the least value of an attribute}
     *
     * @param attr the attribute's field name
     */
    public double min(String attr) {
        return extremes(attr, 0).min();
    }

    /**
     * {@return the greatest value of an attribute}
     *
     * @param attr the attribute's field name
     */
    public double max(String attr) {
        return extremes(attr, 0).max();
    }

    /**
     * {@return a 64-bit FNV-1a hash of every attribute of every instance in the collection's order (raw bits,
     * attributes in declaration order, elements in order), as 16 hex digits: equal states give equal checksums on every
     * backend and partitioning}
     */
    public String checksum() {
        sim.checkOpen();
        return work("checksum " + name, () -> Values.checksum(model, store, cells()));
    }

}
