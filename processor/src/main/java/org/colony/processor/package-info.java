/** The Colony annotation processor: its messages and diagnostics reporting; the stages live in sub-packages. */
package org.colony.processor;
