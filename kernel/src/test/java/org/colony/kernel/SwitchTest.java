package org.colony.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.Supplier;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;

/** A switch reads its property the way its kind says, and refuses, naming the property, what it does not allow. */
class SwitchTest {

    private static final String PROPERTY = "colony.test.switch";

    private static <T> T with(String value, Supplier<T> read) {
        String before = System.getProperty(PROPERTY);
        try {
            if (value == null) {
                System.clearProperty(PROPERTY);
            } else {
                System.setProperty(PROPERTY, value);
            }
            return read.get();
        } finally {
            if (before == null) {
                System.clearProperty(PROPERTY);
            } else {
                System.setProperty(PROPERTY, before);
            }
        }
    }

    private static String refusal(String value, Runnable read) {
        return with(value, () -> assertThrows(ColonyException.class, read::run).getMessage());
    }

    @Test
    void aFlag_isTrueOrFalseInAnyCase_itsDefaultWhenUnsetOrBlank() {
        Switch flag = Switch.flag(PROPERTY, true, "A flag.");
        assertEquals(true, with(null, flag::on));
        assertEquals(true, with("  ", flag::on));
        assertEquals(false, with(" FALSE ", flag::on));
        assertEquals(true, with("True", flag::on));
        assertEquals("colony.test.switch must be true or false, not 'no'", refusal("no", flag::on));
        assertEquals("true, false", flag.values());
        assertEquals("true", flag.fallback());
    }

    @Test
    void aWholeNumber_isInItsRange_withItsUnitInTheMessageAndTheTable() {
        Switch whole = Switch.whole(PROPERTY, 0, 1000, "microseconds", 20, "0: at once", "A number.");
        assertEquals(Long.valueOf(20), with(null, () -> whole.whole()));
        assertEquals(Long.valueOf(150), with(" 150 ", () -> whole.whole()));
        assertEquals("colony.test.switch must be a whole number of microseconds from 0 to 1000, not '2ms'",
                refusal("2ms", whole::whole));
        assertEquals("colony.test.switch must be a whole number of microseconds from 0 to 1000, not '1001'",
                refusal("1001", whole::whole));
        assertEquals("0 to 1000 microseconds (0: at once)", whole.values());
    }

    @Test
    void aChoice_isOneOfItsChoicesInAnyCase_theFirstByDefault() {
        Switch choice = Switch.choice(PROPERTY, List.of("auto", "always", "never"), "A choice.");
        assertEquals("auto", with(null, choice::choice));
        assertEquals("never", with("Never", choice::choice));
        assertEquals("colony.test.switch must be one of auto, always, never, not 'sometimes'",
                refusal("sometimes", choice::choice));
    }

    @Test
    void aSwitchIsReadAsItsKindOnly() {
        Switch flag = Switch.flag(PROPERTY, false, "A flag.");
        assertThrows(IllegalStateException.class, flag::whole);
        assertThrows(IllegalStateException.class, Switch.text(PROPERTY, "a path", "x", "Text.")::on);
    }
}
