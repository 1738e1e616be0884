package org.colony.processor;

import org.colony.kernel.EdgeColumnNames;

/**
 * Every message the Colony processor reports. Each starts with a stable tag ({@code [Colony/...]})
 * that tests and users can search for, names the problem and says what to do.
 */
public final class Messages {

    private Messages() {
    }

    /** The prefix shared by all tags. */
    public static final String PREFIX = "[Colony/";

    // ---- model classes -------------------------------------------------------------------------

    public static String modelNotPlace(String cls) {
        return "[Colony/ModelNotPlace] " + cls + " has @Attribute, @Shared or @Step members but does not extend "
                + "org.colony.Place or org.colony.Agent; model classes extend one of them";
    }

    public static String agentPlaceType(String cls, String superclass) {
        return "[Colony/AgentPlaceType] agent class " + cls + " extends " + superclass + "; an agent model extends "
                + "Agent<P> where P is a concrete place model class (a class that extends Place)";
    }

    public static String modelNesting(String cls) {
        return "[Colony/ModelNesting] model class " + cls + " must be a top-level or static nested class; "
                + "declare it static or move it to its own file";
    }

    public static String modelGeneric(String cls) {
        return "[Colony/ModelGeneric] model class " + cls + " may not have type parameters";
    }

    public static String modelAbstract(String cls) {
        return "[Colony/ModelAbstract] model class " + cls + " may not be abstract or an interface; "
                + "Colony creates its places from the concrete class";
    }

    public static String modelDimensions(int value) {
        return "[Colony/ModelDimensions] @Dimensions(" + value + ") is out of range; grids have 1, 2 or 3 dimensions";
    }

    public static String modelOverload(String method) {
        return "[Colony/ModelOverload] model methods may not be overloaded: there is more than one method named "
                + method + "; give each a distinct name";
    }

    public static String modelIntrinsicName(String method) {
        return "[Colony/ModelIntrinsicName] " + method + " is the name of a Place intrinsic; rename the method";
    }

    public static String dimensionConflict(int used, int other) {
        return "[Colony/DimensionConflict] this call uses " + used + " dimension(s) but the model already uses "
                + other + "; a model is written for one grid dimensionality";
    }

    public static String dimensionDeclared(int used, int declared) {
        return "[Colony/DimensionConflict] this call needs " + used + " dimension(s) but the model declares "
                + "@Dimensions(" + declared + ")";
    }

    // ---- attributes ----------------------------------------------------------------------------

    public static String attributeType(String field, String type) {
        return "[Colony/AttributeType] @Attribute " + field + " has type " + type + "; allowed are boolean, byte, "
                + "short, int, long, float, double and one-dimensional arrays of them";
    }

    public static String attributeArrayLength(String field) {
        return "[Colony/AttributeLength] array attribute " + field + " needs a positive length: "
                + "@Attribute(length = N)";
    }

    public static String attributeLengthOnScalar(String field) {
        return "[Colony/AttributeLength] " + field + " is not an array; remove length from its @Attribute";
    }

    public static String priorityNotAttribute(String field) {
        return "[Colony/Priority] @Priority field " + field + " is not an @Attribute; @Priority marks the agent "
                + "attribute whose value ranks its requests for room in manageAll";
    }

    public static String priorityOnPlace(String field, String model) {
        return "[Colony/Priority] @Priority attribute " + field + " is on place model " + model + "; only agents' "
                + "requests for room are ranked (mark an attribute of an Agent<" + model + "> class)";
    }

    public static String priorityType(String field, String type) {
        return "[Colony/Priority] @Priority attribute " + field + " has type " + type + "; a priority is a scalar "
                + "byte, short, int, long, float or double";
    }

    public static String priorityTwice(String field, String first) {
        return "[Colony/Priority] @Priority marks both " + first + " and " + field + "; one attribute ranks an "
                + "agent's requests (combine them into one value in a step)";
    }

    public static String attributeStatic(String field) {
        return "[Colony/AttributeStatic] @Attribute " + field + " is static; attributes are per instance "
                + "(use @Shared for one value for all instances)";
    }

    public static String attributeFinal(String field) {
        return "[Colony/AttributeFinal] @Attribute " + field + " is final; attributes are state that steps "
                + "write (use a static final constant or @Shared for fixed values)";
    }

    public static String attributeAndShared(String field) {
        return "[Colony/AttributeAndShared] " + field + " is marked both @Attribute and @Shared; choose one";
    }

    public static String sharedType(String field, String type) {
        return "[Colony/SharedType] @Shared " + field + " has type " + type + "; allowed are boolean, byte, short, "
                + "int, long, float, double and one-dimensional arrays of them";
    }

    public static String sharedArrayLength(String field) {
        return "[Colony/SharedLength] shared array " + field + " needs a positive length: @Shared(length = N)";
    }

    public static String sharedLengthOnScalar(String field) {
        return "[Colony/SharedLength] " + field + " is not an array; remove length from its @Shared";
    }

    public static String sharedStatic(String field) {
        return "[Colony/SharedStatic] @Shared " + field + " must be an instance field; Colony stores it once "
                + "for the whole collection";
    }

    // ---- step and model method signatures ------------------------------------------------------

    public static String stepStatic(String step) {
        return "[Colony/StepStatic] @Step " + step + " is static; steps run on each instance, remove static";
    }

    public static String stepReturn(String step, String type) {
        return "[Colony/StepReturn] @Step " + step + " returns " + type + "; a step returns void, or boolean "
                + "for a predicate step";
    }

    public static String stepParameter(String param, String method, String type) {
        return "[Colony/StepParameter] parameter " + param + " of " + method + " has type " + type
                + "; parameters of steps and model methods must be boolean, byte, short, int, long, float or double";
    }

    public static String stepGeneric(String method) {
        return "[Colony/StepGeneric] " + method + " may not have type parameters";
    }

    public static String stepNoBody(String method) {
        return "[Colony/StepBody] " + method + " has no body; steps and the model methods they call need one";
    }

    public static String stepReach(int reach) {
        return "[Colony/StepReach] @Step(reach = " + reach + ") is out of range; the reach is between 0 and "
                + MAX_REACH;
    }

    public static String helperReturn(String method, String type) {
        return "[Colony/StepCall] model method " + method + " returns " + type + "; methods that steps call return "
                + "void or a primitive type (no char)";
    }

    public static String predicateWrites(String step, String attribute) {
        return "[Colony/PredicateWrites] predicate step " + step + " writes " + attribute
                + "; a step returning boolean only reads (use a void step to change state)";
    }

    public static String predicateActs(String step, String intrinsic) {
        return "[Colony/PredicateWrites] predicate step " + step + " calls " + intrinsic
                + "; a step returning boolean only reads (record moves, births and deaths in a void step)";
    }

    // ---- step bodies ---------------------------------------------------------------------------

    public static String stepAllocation() {
        return "[Colony/StepAllocation] a step may not allocate objects or arrays; move the allocation to driver "
                + "code or use an @Attribute";
    }

    public static String stepString() {
        return "[Colony/StepString] a step may not use strings; steps compute on primitive values only";
    }

    public static String stepException(String what) {
        return "[Colony/StepException] a step may not " + what + "; GPU kernels cannot raise or catch exceptions, "
                + "handle the condition with if/else";
    }

    public static String stepSynchronized() {
        return "[Colony/StepSynchronized] a step may not synchronize; Colony runs instances in parallel and "
                + "guarantees snapshot reads, so no locking is needed";
    }

    public static String stepRecursion(String method) {
        return "[Colony/StepRecursion] " + method + " calls itself (directly or through other methods); steps and "
                + "the methods they call may not recurse, rewrite it as a loop";
    }

    public static String stepCall(String call) {
        return "[Colony/StepCall] " + call + " cannot be called in a step; steps may call methods of their own model "
                + "class, Place intrinsics and the Math functions listed in docs/model-language.md";
    }

    public static String mathRandom() {
        return "[Colony/StepCall] Math.random() cannot be called in a step; use uniform(), which gives the same "
                + "numbers on every backend";
    }

    public static String stepField(String name) {
        return "[Colony/StepField] " + name + " is not an @Attribute, a @Shared field or a compile-time constant; "
                + "a step reads only those (mark the field @Attribute or @Shared)";
    }

    public static String stepFieldWrite(String name) {
        return "[Colony/StepFieldWrite] " + name + " is not an @Attribute; a step writes only its own attributes "
                + "and locals";
    }

    public static String stepArray(String detail) {
        return "[Colony/StepArray] " + detail + "; the only arrays in a step are array attributes, indexed one "
                + "element at a time";
    }

    public static String stepLambda() {
        return "[Colony/StepLambda] a step may not contain lambdas or method references; write the code inline "
                + "or call a model method";
    }

    public static String stepStaticState(String name) {
        return "[Colony/StepStaticState] " + name + " is static state that is not a compile-time constant; steps "
                + "read only attributes, @Shared fields and constants (use a @Shared field)";
    }

    public static String neighborWrite(String attribute) {
        return "[Colony/NeighborWrite] a step may not write " + attribute + " of a neighbour; each place writes "
                + "only its own attributes (read the neighbour in its own step instead)";
    }

    public static String sharedWrite(String name) {
        return "[Colony/SharedWrite] @Shared " + name + " is read-only in steps; set it from driver code with "
                + "Places.setShared";
    }

    /** The largest neighbour offset a step may use. */
    public static final int MAX_REACH = 16;

    public static String neighborOffset(long offset) {
        return "[Colony/NeighborOffset] neighbor offset " + offset + " is beyond the largest supported offset, "
                + MAX_REACH + "; halos that wide are not supported";
    }

    public static String neighborArity(int count) {
        return "[Colony/NeighborOffset] neighbor, hasNeighbor, neighborPlace, agentsAt, agentCountAt, migrate and moveTo "
                + "take 1, 2 or 3 offsets or coordinates, one per grid dimension, not " + count;
    }

    public static String neighborReach() {
        return "[Colony/NeighborReach] the offsets of this neighbor(...) are not compile-time constants; declare the "
                + "largest offset the step uses with @Step(reach = N)";
    }

    public static String neighborMethodCall(String method) {
        return "[Colony/NeighborMethodCall] " + method + " cannot be called on a neighbour; read the neighbour's "
                + "attributes directly";
    }

    public static String neighborCompare() {
        return "[Colony/NeighborCompare] neighbour views cannot be compared or used as values; compare "
                + "coordinates or attributes instead";
    }

    public static String thisEscape() {
        return "[Colony/ThisEscape] 'this' may only select the instance's own attributes and methods (this.temp)";
    }

    public static String nestedAssignment() {
        return "[Colony/NestedAssignment] an assignment or ++/-- may only stand as a statement of its own; "
                + "split the expression";
    }

    public static String coordDimension(String intrinsic) {
        return "[Colony/CoordDimension] " + intrinsic + " needs a constant dimension 0, 1 or 2 (or use x(), y(), z())";
    }

    public static String unsupported(String construct, String hint) {
        return "[Colony/StepUnsupported] " + construct + " is not supported in a step; " + hint;
    }

    public static String unsupportedType(String type) {
        return "[Colony/StepType] a step may not use values of type " + type + "; use boolean, byte, short, int, "
                + "long, float, double or a neighbour view of the model's own class";
    }

    public static String unresolved(String name) {
        return "[Colony/StepField] cannot resolve " + name + " in a step; a step uses its locals, parameters, "
                + "attributes, @Shared fields and constants";
    }

    public static String agentClass(String where, String placeModel) {
        return "[Colony/AgentClass] " + where + " needs a class literal of an agent model that lives on " + placeModel
                + ", such as " + where.replace("(...)", "") + "(Sheep.class)";
    }

    public static String agentIteration(String intrinsic) {
        return "[Colony/AgentIteration] " + intrinsic + " can only be the source of a for-each loop: "
                + "for (Sheep s : " + intrinsic + ") { ... }";
    }

    public static String agentWrite(String attribute) {
        return "[Colony/AgentWrite] a step writes " + attribute + " of another agent with a plain assignment, which "
                + "several writers would race for; write other agents with +=, -=, ++, --, other." + attribute
                + " = Math.min(other." + attribute + ", v) or Math.max, or kill them with other.kill()";
    }

    public static String agentWriteVariable(String what) {
        return "[Colony/AgentWrite] a step writes " + what + " of an agent through a variable other than that of a "
                + "for-each over its agents; agents write the agents of agentsHere(...) and agentsAt(...), and places "
                + "the agents of agents(...), through the loop's variable";
    }

    public static String agentWriteArray(String attribute) {
        return "[Colony/AgentWrite] a step writes an element of array attribute " + attribute + " of another agent; "
                + "other agents' scalar attributes only are written";
    }

    public static String agentWriteType(String attribute, String type, boolean sum) {
        return sum && (type.equals("float") || type.equals("double"))
                ? "[Colony/AgentWrite] an agent step sums into " + type + " attribute " + attribute + " of agents on "
                        + "a neighbouring place (agentsAt), whose result would depend on the order in which writers "
                        + "on different places, run by different threads, partitions or devices, add; sum into the "
                        + "agents of agentsHere(...) (the step then runs place by place, adding in the writers' id "
                        + "order), into an int or long attribute (a fixed-point amount), or combine with Math.min or "
                        + "Math.max"
                : "[Colony/AgentWrite] a step writes " + type + " attribute " + attribute + " of other agents; other "
                        + "agents' int, long, float and double attributes are written";
    }

    public static String agentWriteMixed(String attribute) {
        return "[Colony/AgentWrite] a step writes " + attribute + " of other agents in two ways; one step combines "
                + "one attribute of other agents one way (a sum, a minimum or a maximum)";
    }

    public static String placeWriteOp(String attribute) {
        return "[Colony/PlaceWrite] agents write " + attribute + " of their place with =, +=, -=, ++, -- or "
                + "place().a = Math.min(place().a, v) / Math.max(...), which combine in agent-id order; other "
                + "compound assignments cannot be combined";
    }

    public static String placeWriteMixed(String attribute) {
        return "[Colony/PlaceWrite] this step writes " + attribute + " of the place in two different ways; use one "
                + "kind of write (=, +=, min or max) per place attribute in a step";
    }

    public static String placeWriteNotOwn(String attribute) {
        return "[Colony/NeighborWrite] an agent may write " + attribute + " only on its own place (place()."
                + attribute + "), not on a neighbouring place";
    }

    public static String agentOnly(String intrinsic) {
        return "[Colony/StepCall] " + intrinsic + " is an intrinsic of agents; a place step cannot call it";
    }

    public static String vertexSelfType(String cls, String superclass) {
        return "[Colony/VertexType] vertex class " + cls + " extends " + superclass + "; a vertex model extends "
                + "Vertex<C> where C is the class itself";
    }

    public static String gridOnly(String intrinsic) {
        return "[Colony/GridOnly] " + intrinsic + " is an intrinsic of grid places; a vertex of a graph has no "
                + "offsets, coordinates or boundary (walk its edges with for (V n : neighbors()))";
    }

    public static String graphOnly(String intrinsic) {
        return "[Colony/GraphOnly] " + intrinsic + " is an intrinsic of graphs; it works in models that extend Vertex "
                + "and agents that live on them";
    }

    public static String neighborsSource(String intrinsic) {
        return "[Colony/Neighbors] " + intrinsic + " can only be the source of a for-each loop: "
                + "for (V n : neighbors()) { ... }";
    }

    public static String neighborsVariable(String name) {
        return "[Colony/Neighbors] the variable " + name + " of a loop over a vertex's neighbours is assigned in the "
                + "loop; it names the edge the loop is at, so declare another local instead";
    }

    public static String moveToArgument(String arg) {
        return "[Colony/Neighbors] moveTo(" + arg + ") takes the variable of an enclosing for-each loop over "
                + "placeNeighbors() (the neighbour to move to along its edge) or a vertex id (an int)";
    }

    public static String weightArgument(String arg) {
        return "[Colony/Neighbors] weight(" + arg + ") needs the variable of an enclosing for-each loop over "
                + "neighbors() or inNeighbors(): the weight of the edge the loop reached it by";
    }

    public static String placeOnly(String intrinsic) {
        return "[Colony/StepCall] " + intrinsic + " is an intrinsic of places; an agent step cannot call it (agents "
                + "use place(), neighborPlace(...), agentsHere(...))";
    }

    public static String edgeArgument(String arg) {
        return "[Colony/Neighbors] edge(" + arg + ") needs the variable of an enclosing for-each loop over "
                + "neighbors(), inNeighbors() or placeNeighbors(): the edge the loop reached it by";
    }

    public static String edgeUse() {
        return "[Colony/Edges] edge(n) is a view of an edge: declare a local of the model's edge class with it "
                + "(Road r = edge(n);) and read its fields (r.length)";
    }

    public static String edgeLocalType(String type) {
        return "[Colony/Edges] the local that edge(n) initialises needs a concrete class that extends org.colony.Edge "
                + "as its type (Road r = edge(n);), not " + type;
    }

    public static String edgeViewInit(String name) {
        return "[Colony/Edges] the edge local " + name + " is declared with edge(n) of a neighbours loop's variable "
                + "(Road " + name + " = edge(n);), nothing else";
    }

    public static String edgeViewUse(String name) {
        return "[Colony/Edges] the edge local " + name + " is read one field at a time (" + name + ".length); it "
                + "cannot be passed, compared or returned";
    }

    public static String edgeViewReassigned(String name) {
        return "[Colony/Edges] the edge local " + name + " is assigned again; declare one local per edge(n)";
    }

    public static String edgeWrite(String field) {
        return "[Colony/Edges] edges are read-only in steps: " + field + " cannot be written; give the graph the "
                + "values in driver code (its edge columns)";
    }

    public static String edgeField(String field, String edgeClass) {
        return "[Colony/Edges] " + field + " is not an @Attribute of the edge class " + edgeClass;
    }

    public static String edgeClassMismatch(String model, String first, String second) {
        return "[Colony/EdgeClass] " + model + " reads edges as " + first + " and as " + second + "; the steps of a "
                + "model and of the agents on its vertices read one edge class";
    }

    public static String edgeClassAttribute(String name, String type) {
        return "[Colony/EdgeClass] the edge attribute " + name + " is of type " + type + "; an edge class holds "
                + "scalar primitive attributes (double, float, long, int, short, byte, boolean), no arrays";
    }

    public static String edgeClassMember(String what) {
        return "[Colony/EdgeClass] an edge class holds @Attribute fields only, not " + what + "; steps belong to "
                + "the vertex model or its agents";
    }

    public static String edgeClassShape(String name) {
        return "[Colony/EdgeClass] the edge class " + name + " must be a concrete, non-generic, top-level or static "
                + "nested class";
    }

    public static String edgeClassNotFinal(String name) {
        return "[Colony/EdgeClass] the edge class " + name + " must be final: a graph's edge columns are the fields "
                + "of one class, which no other class extends";
    }

    public static String edgeClassIndirect(String name, String superclass) {
        return "[Colony/EdgeClass] the edge class " + name + " extends " + superclass + "; an edge class extends "
                + "org.colony.Edge directly and declares all its attributes itself";
    }

    public static String edgeClassAttributeName(String name) {
        return "[Colony/EdgeClass] the edge attribute " + name + " cannot name a graph's edge column; rename it ("
                + EdgeColumnNames.RULE + ")";
    }

    public static String edgeClassEmpty(String name) {
        return "[Colony/EdgeClass] the edge class " + name + " has no @Attribute field; read weight(n) instead, or "
                + "declare the attributes its edges carry";
    }

    public static String internalError(String detail) {
        return "[Colony/Internal] the Colony processor failed on this element (" + detail + "); please file a bug "
                + "with the model class attached";
    }
}
