/**
 * Translation of step bodies (javac trees, not yet attributed) into the typed IR: the translator types
 * the step language itself, inlines model methods, and rejects what backends cannot all execute.
 */
package org.colony.processor.translate;
