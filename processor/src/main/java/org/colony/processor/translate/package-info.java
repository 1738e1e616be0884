/**
 * Translation of step bodies (javac trees, not yet attributed) into the typed IR: the translator types
 * the step language itself, inlines model methods, and rejects what backends cannot all execute. Statements,
 * expressions and calls have one translator each; calls go to intrinsics, inlined model methods or library
 * functions.
 */
package org.colony.processor.translate;
