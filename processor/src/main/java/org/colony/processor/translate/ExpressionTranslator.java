package org.colony.processor.translate;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import org.colony.processor.Messages;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.Stmt;
import org.colony.processor.ir.UnaryOp;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.IntrinsicMethod;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;
import org.colony.processor.model.SharedModel;

/**
 * Translates Java expressions of a step into pure IR expressions, typing them with Java's rules.
 * Anything with an effect (a random draw, an inlined model method) becomes statements emitted into
 * the context before the expression that uses its result; operands read earlier are saved first when a
 * later operand's statements could change them, so Java's left-to-right order is kept.
 */
final class ExpressionTranslator {

    /** An operand translated on its own: the statements it needs first, and its value. */
    record Part(List<Stmt> prelude, Expr expr) {
    }

    private final StepContext cx;
    private final Calls calls;

    ExpressionTranslator(StepContext cx) {
        this.cx = cx;
        this.calls = new Calls(cx, this);
    }

    /** Translates an expression; its prelude goes to the context's current list. */
    Expr expr(ExpressionTree t) {
        return switch (t.getKind()) {
            case PARENTHESIZED -> expr(((ParenthesizedTree) t).getExpression());
            case INT_LITERAL, LONG_LITERAL, FLOAT_LITERAL, DOUBLE_LITERAL, BOOLEAN_LITERAL -> literal((LiteralTree) t);
            case STRING_LITERAL -> throw cx.reject(t, Messages.stepString());
            case CHAR_LITERAL -> throw cx.reject(t, Messages.unsupportedType("char"));
            case NULL_LITERAL -> throw cx.reject(t, Messages.unsupported("null", "steps have no references"));
            case IDENTIFIER -> identifier((IdentifierTree) t);
            case MEMBER_SELECT -> memberSelect((MemberSelectTree) t);
            case ARRAY_ACCESS -> arrayAccess((ArrayAccessTree) t);
            case METHOD_INVOCATION -> {
                Expr r = calls.call((MethodInvocationTree) t);
                if (r == null) {
                    throw cx.reject(t, Messages.unsupported("a void call used as a value", "call it as a statement"));
                }
                yield r;
            }
            case TYPE_CAST -> cast((TypeCastTree) t);
            case UNARY_PLUS, UNARY_MINUS, LOGICAL_COMPLEMENT, BITWISE_COMPLEMENT -> unary((UnaryTree) t);
            case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT, ASSIGNMENT,
                    PLUS_ASSIGNMENT, MINUS_ASSIGNMENT, MULTIPLY_ASSIGNMENT, DIVIDE_ASSIGNMENT, REMAINDER_ASSIGNMENT,
                    AND_ASSIGNMENT, OR_ASSIGNMENT, XOR_ASSIGNMENT, LEFT_SHIFT_ASSIGNMENT, RIGHT_SHIFT_ASSIGNMENT,
                    UNSIGNED_RIGHT_SHIFT_ASSIGNMENT -> throw cx.reject(t, Messages.nestedAssignment());
            case CONDITIONAL_EXPRESSION -> conditional((ConditionalExpressionTree) t);
            case NEW_CLASS, NEW_ARRAY -> throw cx.reject(t, Messages.stepAllocation());
            case LAMBDA_EXPRESSION, MEMBER_REFERENCE -> throw cx.reject(t, Messages.stepLambda());
            case INSTANCE_OF -> throw cx.reject(t, Messages.unsupported("instanceof", "steps have no references"));
            case SWITCH_EXPRESSION -> throw cx.reject(t, Messages.unsupported("a switch expression",
                    "use if/else or a conditional expression"));
            default -> {
                if (t instanceof BinaryTree b) {
                    yield binary(b);
                }
                throw cx.reject(t, Messages.unsupported("this expression (" + t.getKind() + ")",
                        "see docs/model-language.md for what steps may contain"));
            }
        };
    }

    /** Translates a call that stands as a statement; its value, if any, is dropped. */
    void callStatement(MethodInvocationTree t) {
        calls.call(t);
    }

    /** Translates an expression on its own, without emitting its prelude. */
    Part part(ExpressionTree t) {
        Expr[] e = new Expr[1];
        List<Stmt> prelude = cx.collect(() -> e[0] = expr(t));
        return new Part(prelude, e[0]);
    }

    /**
     * Emits the preludes of operands in order and returns their values, saving an operand that reads
     * the instance's own attributes into a temporary when a later operand has statements that could
     * change them.
     */
    List<Expr> sequence(List<Part> parts, Tree where) {
        List<Expr> values = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            cx.out.addAll(p.prelude());
            Expr e = p.expr();
            boolean laterEffects = false;
            for (int j = i + 1; j < parts.size(); j++) {
                laterEffects |= !parts.get(j).prelude().isEmpty();
            }
            if (laterEffects && Ir.any(e, x -> x instanceof Expr.AttrRead a && a.isSelf())) {
                Local t = cx.local("t", e.type());
                cx.emit(new Stmt.Declare(cx.line(where), t, e));
                e = new Expr.LocalRef(t);
            }
            values.add(e);
        }
        return values;
    }

    // ---- leaves ----------------------------------------------------------------------------

    private Expr literal(LiteralTree t) {
        Object v = t.getValue();
        return switch (v) {
            case Integer i -> new Expr.Const(IrType.INT, i);
            case Long l -> new Expr.Const(IrType.LONG, l);
            case Float f -> new Expr.Const(IrType.FLOAT, f);
            case Double d -> new Expr.Const(IrType.DOUBLE, d);
            case Boolean b -> new Expr.Const(IrType.BOOLEAN, b);
            default -> throw cx.reject(t, Messages.unsupportedType(v == null ? "null" : v.getClass().getSimpleName()));
        };
    }

    private Expr identifier(IdentifierTree t) {
        String name = t.getName().toString();
        if (name.equals("this")) {
            throw cx.reject(t, Messages.thisEscape());
        }
        Local local = cx.scope.lookup(name);
        if (local != null && cx.edges.isView(local)) {
            throw cx.edges.refuseUse(t, local, name);
        }
        if (local != null) {
            return new Expr.LocalRef(local);
        }
        return selfMember(name, t);
    }

    /** A field of the model named without qualifier or through {@code this}. */
    private Expr selfMember(String name, Tree t) {
        AttributeModel a = cx.model.attribute(name);
        if (a != null) {
            if (a.isArray()) {
                throw cx.reject(t, Messages.stepArray("array attribute " + name + " must be indexed: " + name + "[k]"));
            }
            return new Expr.AttrRead(new Expr.Self(), attributeRef(cx.selfRef(), a), null);
        }
        SharedModel s = cx.model.sharedField(name);
        if (s != null) {
            if (s.isArray()) {
                throw cx.reject(t, Messages.stepArray("shared array " + name + " must be indexed: " + name + "[k]"));
            }
            return new Expr.SharedRead(sharedRef(s), null);
        }
        for (VariableElement f : ElementFilter.fieldsIn(cx.model.element().getEnclosedElements())) {
            if (f.getSimpleName().contentEquals(name)) {
                return constantField(f, t);
            }
        }
        VariableElement imported = cx.types.staticField(name);
        if (imported != null) {
            return constantField(imported, t);
        }
        throw cx.reject(t, Messages.unresolved(name));
    }

    /** The value of a static final constant field; anything else is rejected. */
    private Expr constantField(VariableElement f, Tree t) {
        String name = f.getSimpleName().toString();
        if (!f.getModifiers().contains(Modifier.STATIC)) {
            throw cx.reject(t, Messages.stepField(name));
        }
        Object v = f.getConstantValue();
        if (!f.getModifiers().contains(Modifier.FINAL) || v == null) {
            throw cx.reject(t, Messages.stepStaticState(name));
        }
        if (v instanceof String) {
            throw cx.reject(t, Messages.stepString());
        }
        IrType type = ModelReader.primitive(f.asType());
        if (type == null) {
            throw cx.reject(t, Messages.unsupportedType(f.asType().toString()));
        }
        if (v instanceof Boolean b) {
            return new Expr.Const(IrType.BOOLEAN, b);
        }
        Number n = (Number) v;
        IrType from = (v instanceof Double) ? IrType.DOUBLE : (v instanceof Float) ? IrType.FLOAT : IrType.LONG;
        return new Expr.Const(type, Ir.convertValue(from == IrType.LONG ? (Number) n.longValue() : n, from, type));
    }

    static AttributeRef attributeRef(ModelRef owner, AttributeModel a) {
        return new AttributeRef(owner, a.ordinal(), a.name(), a.type(), a.isArray() ? a.length() : 0);
    }

    static SharedRef sharedRef(SharedModel s) {
        return new SharedRef(s.ordinal(), s.name(), s.type(), s.isArray() ? s.length() : 0);
    }

    // ---- member selects and arrays --------------------------------------------------------

    private Expr memberSelect(MemberSelectTree t) {
        String name = t.getIdentifier().toString();
        ExpressionTree q = t.getExpression();
        if (name.equals("length")) {
            Integer length = arrayLength(q);
            if (length != null) {
                return Ir.intConst(length);
            }
        }
        if (TypeResolver.isThis(q)) {
            return selfMember(name, t);
        }
        Expr edge = cx.edges.read(t);
        if (edge != null) {
            return edge;
        }
        Target target = targetOrNull(q);
        if (target != null) {
            AttributeModel a = target.model().attribute(name);
            if (a == null) {
                throw cx.reject(t, Messages.stepField(name));
            }
            if (a.isArray()) {
                throw cx.reject(t, Messages.stepArray("array attribute " + name + " must be indexed: " + name + "[k]"));
            }
            return new Expr.AttrRead(target.ref(), attributeRef(target.owner(), a), null);
        }
        TypeElement owner = cx.types.resolve(q);
        if (owner != null) {
            if (owner.equals(cx.model.element())) {
                return selfMember(name, t);
            }
            for (VariableElement f : ElementFilter.fieldsIn(owner.getEnclosedElements())) {
                if (f.getSimpleName().contentEquals(name)) {
                    return constantField(f, t);
                }
            }
        }
        throw cx.reject(t, Messages.unresolved(t.toString()));
    }

    /** The length of the array attribute or shared array {@code q} names, or null. */
    private Integer arrayLength(ExpressionTree q) {
        String name;
        ModelClass owner = cx.model;
        if (q instanceof IdentifierTree id && cx.scope.lookup(id.getName().toString()) == null) {
            name = id.getName().toString();
        } else if (q instanceof MemberSelectTree ms && TypeResolver.isThis(ms.getExpression())) {
            name = ms.getIdentifier().toString();
        } else if (q instanceof MemberSelectTree ms && isPlaceExpression(ms.getExpression())) {
            name = ms.getIdentifier().toString();
            owner = cx.placeModel;
        } else if (q instanceof MemberSelectTree ms && agentLocal(ms.getExpression()) != null) {
            name = ms.getIdentifier().toString();
            owner = cx.slots.model(cx.agentLocals.get(agentLocal(ms.getExpression()).id()).slot());
        } else {
            return null;
        }
        AttributeModel a = owner.attribute(name);
        if (a != null && a.isArray()) {
            return a.length();
        }
        SharedModel s = cx.model.sharedField(name);
        if (s != null && s.isArray()) {
            return s.length();
        }
        return null;
    }

    /** Whether an expression denotes a neighbour view (without translating it). */
    private boolean isPlaceExpression(ExpressionTree q) {
        if (q instanceof IdentifierTree id) {
            Local l = cx.scope.lookup(id.getName().toString());
            return l != null && l.type() == IrType.PLACE;
        }
        if (q instanceof ParenthesizedTree p) {
            return isPlaceExpression(p.getExpression());
        }
        if (q instanceof MethodInvocationTree mi && mi.getMethodSelect() instanceof IdentifierTree id) {
            return isPlaceIntrinsic(id.getName().toString());
        }
        if (q instanceof MethodInvocationTree mi && mi.getMethodSelect() instanceof MemberSelectTree ms) {
            return TypeResolver.isThis(ms.getExpression()) && isPlaceIntrinsic(ms.getIdentifier().toString());
        }
        return q instanceof ConditionalExpressionTree c && isPlaceExpression(c.getTrueExpression());
    }

    /** Whether {@code name} is an intrinsic that gives a place (a neighbour view) in this model's steps. */
    private boolean isPlaceIntrinsic(String name) {
        IntrinsicMethod intrinsic = IntrinsicMethod.named(name);
        return intrinsic != null && intrinsic.form() == IntrinsicMethod.Form.PLACE
                && intrinsic.owner().admits(cx.agentModel());
    }

    /** The AGENT local that {@code q} names, or null. */
    Local agentLocal(ExpressionTree q) {
        while (q instanceof ParenthesizedTree p) {
            q = p.getExpression();
        }
        if (q instanceof IdentifierTree id) {
            Local l = cx.scope.lookup(id.getName().toString());
            return l != null && l.type() == IrType.AGENT ? l : null;
        }
        return null;
    }

    /** A place or agent reference whose attributes can be selected, with the model that declares them. */
    record Target(Expr ref, ModelClass model, ModelRef owner) {
    }

    /** Translates {@code q} when it denotes a place or agent reference, else returns null without emitting. */
    Target targetOrNull(ExpressionTree q) {
        Local agent = agentLocal(q);
        if (agent != null) {
            ModelRef r = cx.agentLocals.get(agent.id());
            return new Target(new Expr.LocalRef(agent), cx.slots.model(r.slot()), r);
        }
        Expr place = placeOrNull(q);
        return place == null ? null : new Target(place, cx.placeModel, cx.placeRef());
    }

    /** Translates {@code q} when it denotes a neighbour view, else returns null without emitting anything. */
    Expr placeOrNull(ExpressionTree q) {
        if (!isPlaceExpression(q)) {
            return null;
        }
        Expr e = expr(q);
        if (e.type() != IrType.PLACE) {
            throw cx.reject(q, Messages.unsupported("this selection", "only attributes of neighbour views are read"));
        }
        return e;
    }

    private Expr arrayAccess(ArrayAccessTree t) {
        ExpressionTree arr = t.getExpression();
        String name;
        Expr place;
        if (arr instanceof IdentifierTree id && cx.scope.lookup(id.getName().toString()) == null) {
            name = id.getName().toString();
            place = new Expr.Self();
        } else if (arr instanceof MemberSelectTree ms && TypeResolver.isThis(ms.getExpression())) {
            name = ms.getIdentifier().toString();
            place = new Expr.Self();
        } else if (arr instanceof MemberSelectTree ms && (isPlaceExpression(ms.getExpression())
                || agentLocal(ms.getExpression()) != null)) {
            name = ms.getIdentifier().toString();
            place = null;
        } else {
            throw cx.reject(t, Messages.stepArray("only array attributes and shared arrays can be indexed"));
        }
        ModelClass ownerModel = cx.model;
        ModelRef owner = cx.selfRef();
        if (place == null) {
            Target target = targetOrNull(((MemberSelectTree) arr).getExpression());
            place = target.ref();
            ownerModel = target.model();
            owner = target.owner();
        }
        AttributeModel a = ownerModel.attribute(name);
        SharedModel s = cx.model.sharedField(name);
        if ((a == null || !a.isArray()) && (s == null || !s.isArray() || !(place instanceof Expr.Self))) {
            throw cx.reject(t, Messages.stepArray(name + " is not an array attribute"));
        }
        Expr index = index(t.getIndex());
        if (a != null && a.isArray()) {
            return new Expr.AttrRead(place, attributeRef(owner, a), index);
        }
        return new Expr.SharedRead(sharedRef(s), index);
    }

    /** An array index: an int after promotion. */
    Expr index(ExpressionTree t) {
        Expr e = expr(t);
        if (!e.type().isIntegral() || e.type() == IrType.LONG) {
            throw cx.reject(t, Messages.unsupported("an index of type " + e.type().name().toLowerCase(),
                    "array indices are int"));
        }
        return Ir.convert(e, IrType.INT);
    }

    // ---- operators ------------------------------------------------------------------------

    private Expr cast(TypeCastTree t) {
        if (!(t.getType() instanceof PrimitiveTypeTree p)) {
            throw cx.reject(t, Messages.unsupported("a cast to " + t.getType(), "steps cast only between primitives"));
        }
        IrType target = ModelReader.primitive(p.getPrimitiveTypeKind());
        if (target == null) {
            throw cx.reject(t, Messages.unsupportedType(p.toString()));
        }
        Expr e = expr(t.getExpression());
        if (!e.type().isPrimitive() || (target == IrType.BOOLEAN) != (e.type() == IrType.BOOLEAN)) {
            throw cx.reject(t, Messages.unsupported("this cast", "cast between numeric types"));
        }
        return Ir.convert(e, target);
    }

    private Expr unary(UnaryTree t) {
        Expr e = expr(t.getExpression());
        switch (t.getKind()) {
            case UNARY_PLUS -> {
                requireNumeric(e, t);
                return Ir.convert(e, e.type().promoted());
            }
            case UNARY_MINUS -> {
                requireNumeric(e, t);
                Expr p = Ir.convert(e, e.type().promoted());
                return p instanceof Expr.Const c ? Ir.negate(c) : new Expr.Unary(UnaryOp.NEG, p, p.type());
            }
            case LOGICAL_COMPLEMENT -> {
                if (e.type() != IrType.BOOLEAN) {
                    throw cx.reject(t, Messages.unsupported("! on " + e.type(), "! applies to booleans"));
                }
                return new Expr.Unary(UnaryOp.NOT, e, IrType.BOOLEAN);
            }
            default -> {
                if (!e.type().isIntegral()) {
                    throw cx.reject(t, Messages.unsupported("~ on " + e.type(), "~ applies to integers"));
                }
                Expr p = Ir.convert(e, e.type().promoted());
                return new Expr.Unary(UnaryOp.BIT_NOT, p, p.type());
            }
        }
    }

    private void requireNumeric(Expr e, Tree t) {
        if (!e.type().isNumeric()) {
            if (e.type() == IrType.PLACE || e.type() == IrType.AGENT) {
                throw cx.reject(t, Messages.neighborCompare());
            }
            throw cx.reject(t, Messages.unsupported("arithmetic on " + e.type().name().toLowerCase(),
                    "use numeric operands"));
        }
    }

    private Expr binary(BinaryTree t) {
        BinaryOp op = Types.binaryOp(t.getKind());
        if (op == null) {
            throw cx.reject(t, Messages.unsupported("operator " + t.getKind(), "see docs/model-language.md"));
        }
        Part l = part(t.getLeftOperand());
        Part r = part(t.getRightOperand());
        if (op == BinaryOp.COND_AND || op == BinaryOp.COND_OR) {
            if (l.expr().type() != IrType.BOOLEAN || r.expr().type() != IrType.BOOLEAN) {
                throw cx.reject(t, Messages.unsupported(op.symbol() + " on non-booleans", "use boolean operands"));
            }
            cx.out.addAll(l.prelude());
            if (r.prelude().isEmpty()) {
                return new Expr.Binary(op, l.expr(), r.expr(), IrType.BOOLEAN);
            }
            // The right operand has effects: evaluate it only when Java would.
            int line = cx.line(t);
            Local v = cx.local("t", IrType.BOOLEAN);
            cx.emit(new Stmt.Declare(line, v, l.expr()));
            List<Stmt> then = new ArrayList<>(r.prelude());
            then.add(new Stmt.AssignLocal(line, v, r.expr()));
            Expr test = op == BinaryOp.COND_AND ? new Expr.LocalRef(v)
                    : new Expr.Unary(UnaryOp.NOT, new Expr.LocalRef(v), IrType.BOOLEAN);
            cx.emit(new Stmt.If(line, test, then, List.of()));
            return new Expr.LocalRef(v);
        }
        List<Expr> v = sequence(List.of(l, r), t);
        return combine(op, v.get(0), v.get(1), t);
    }

    /** Types a binary operation on two already-evaluated operands (also used by compound assignment). */
    Expr combine(BinaryOp op, Expr a, Expr b, Tree t) {
        IrType ta = a.type();
        IrType tb = b.type();
        if (ta == IrType.PLACE || tb == IrType.PLACE || ta == IrType.AGENT || tb == IrType.AGENT) {
            throw cx.reject(t, Messages.neighborCompare());
        }
        if (op.isShift()) {
            if (!ta.isIntegral() || !tb.isIntegral()) {
                throw cx.reject(t, Messages.unsupported("a shift of non-integers", "shift ints and longs"));
            }
            Expr la = Ir.convert(a, ta.promoted());
            return new Expr.Binary(op, la, Ir.convert(b, tb.promoted()), la.type());
        }
        if (ta == IrType.BOOLEAN || tb == IrType.BOOLEAN) {
            boolean ok = ta == tb && (op == BinaryOp.EQ || op == BinaryOp.NE || op == BinaryOp.AND
                    || op == BinaryOp.OR || op == BinaryOp.XOR);
            if (!ok) {
                throw cx.reject(t, Messages.unsupported("operator " + op.symbol() + " on booleans and numbers",
                        "use matching operand types"));
            }
            return new Expr.Binary(op, a, b, IrType.BOOLEAN);
        }
        IrType p = IrType.binaryPromotion(ta, tb);
        if ((op == BinaryOp.AND || op == BinaryOp.OR || op == BinaryOp.XOR) && !p.isIntegral()) {
            throw cx.reject(t, Messages.unsupported("bitwise " + op.symbol() + " on floating point", "use integers"));
        }
        IrType result = op.isComparison() ? IrType.BOOLEAN : p;
        return new Expr.Binary(op, Ir.convert(a, p), Ir.convert(b, p), result);
    }

    private Expr conditional(ConditionalExpressionTree t) {
        Part c = part(t.getCondition());
        Part a = part(t.getTrueExpression());
        Part b = part(t.getFalseExpression());
        if (c.expr().type() != IrType.BOOLEAN) {
            throw cx.reject(t.getCondition(), Messages.unsupported("a non-boolean condition", "use a boolean"));
        }
        IrType type = conditionalType(a.expr(), b.expr(), t);
        cx.out.addAll(c.prelude());
        if (a.prelude().isEmpty() && b.prelude().isEmpty()) {
            return new Expr.Conditional(c.expr(), Ir.convert(a.expr(), type), Ir.convert(b.expr(), type), type);
        }
        int line = cx.line(t);
        Local v = cx.local("t", type);
        cx.emit(new Stmt.Declare(line, v, null));
        List<Stmt> then = new ArrayList<>(a.prelude());
        then.add(new Stmt.AssignLocal(line, v, Ir.convert(a.expr(), type)));
        List<Stmt> otherwise = new ArrayList<>(b.prelude());
        otherwise.add(new Stmt.AssignLocal(line, v, Ir.convert(b.expr(), type)));
        cx.emit(new Stmt.If(line, c.expr(), then, otherwise));
        return new Expr.LocalRef(v);
    }

    /** Java's type of {@code c ? a : b} for primitive operands (JLS 15.25), and neighbour views. */
    private IrType conditionalType(Expr a, Expr b, Tree t) {
        IrType ta = a.type();
        IrType tb = b.type();
        if (ta == tb) {
            return ta;
        }
        if (!ta.isNumeric() || !tb.isNumeric()) {
            throw cx.reject(t, Messages.unsupported("a conditional mixing " + ta + " and " + tb,
                    "both branches need the same kind of value"));
        }
        if ((ta == IrType.BYTE && tb == IrType.SHORT) || (ta == IrType.SHORT && tb == IrType.BYTE)) {
            return IrType.SHORT;
        }
        if (fitsConstant(b, ta)) {
            return ta;
        }
        if (fitsConstant(a, tb)) {
            return tb;
        }
        return IrType.binaryPromotion(ta, tb);
    }

    private static boolean fitsConstant(Expr e, IrType narrow) {
        if (!(e instanceof Expr.Const c) || c.type() != IrType.INT) {
            return false;
        }
        int v = (Integer) c.value();
        return switch (narrow) {
            case BYTE -> v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE;
            case SHORT -> v >= Short.MIN_VALUE && v <= Short.MAX_VALUE;
            default -> false;
        };
    }

    /** Converts a value for assignment to a variable of {@code target} type. */
    Expr assignable(Expr value, IrType target, Tree where) {
        if (target == IrType.PLACE || value.type() == IrType.PLACE || target == IrType.AGENT
                || value.type() == IrType.AGENT) {
            if (target != value.type()) {
                throw cx.reject(where, Messages.neighborCompare());
            }
            return value;
        }
        if ((target == IrType.BOOLEAN) != (value.type() == IrType.BOOLEAN)) {
            throw cx.reject(where, Messages.unsupported("assigning " + value.type() + " to " + target,
                    "use matching types"));
        }
        return Ir.convert(value, target);
    }
}
