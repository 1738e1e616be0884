package org.colony.runtime.record;

import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.StepInfo;
import org.colony.runtime.ModelCollection;

/**
 * The number of instances where a predicate step holds, counted where the data lives ({@link
 * ModelCollection#count(String, Object...)}: on a GPU, one launch and one number back). Only predicates that draw
 * no random numbers and write no attribute are taken, so that recording leaves the run's results unchanged.
 *
 * @param collection the collection
 * @param predicate the predicate step's method name
 * @param args its arguments
 */
record PredicateCount(ModelCollection<?> collection, String predicate, Object[] args) implements Series {

    /**
     * {@return the count of {@code predicate} on {@code collection}, checked}
     *
     * @param collection the collection
     * @param predicate the predicate step's method name
     * @param args its arguments, as many as it takes
     * @throws ColonyException where the step is missing, not a predicate, takes other arguments, draws random
     *     numbers or writes attributes
     */
    static PredicateCount of(ModelCollection<?> collection, String predicate, Object... args) {
        if (collection == null) {
            throw new ColonyException("count needs a collection, not null");
        }
        String name = Names.of(collection);
        StepInfo step = null;
        for (StepInfo s : collection.model().steps()) {
            if (s.name().equals(predicate)) {
                step = s;
            }
        }
        if (step == null) {
            throw new ColonyException(name + " has no step '" + predicate + "'; steps: " + collection.stepNames());
        }
        if (!step.predicate()) {
            throw new ColonyException(name + "." + predicate + " is not a predicate step: count needs a @Step method "
                    + "that returns boolean");
        }
        Object[] given = args == null ? new Object[] {null} : args;
        if (given.length != step.params().size()) {
            throw new ColonyException(name + "." + predicate + " takes " + step.params().size() + " argument(s), "
                    + "not " + given.length + (given.length == 0 ? "; give them to count(...)" : ""));
        }
        if (step.usesRandom()) {
            throw new ColonyException(name + "." + predicate + " draws random numbers: counting it would change the "
                    + "run's random stream; record a predicate that draws none");
        }
        if (!step.writes().isEmpty()) {
            throw new ColonyException(name + "." + predicate + " writes attributes: counting it would change the "
                    + "run; record a predicate that only reads");
        }
        return new PredicateCount(collection, predicate, given.clone());
    }

    @Override
    public List<String> columns() {
        StringBuilder name = new StringBuilder(Names.of(collection)).append(".count(").append(predicate);
        for (int i = 0; i < args.length; i++) {
            name.append(i == 0 ? ":" : ";").append(args[i]); // no comma in a column name
        }
        return List.of(name.append(')').toString());
    }

    @Override
    public void sample(Sample sample, List<String> values) {
        values.add(Long.toString(collection.count(predicate, args)));
    }
}
