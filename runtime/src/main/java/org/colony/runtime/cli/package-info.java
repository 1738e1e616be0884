/** The {@code mass} command line and the {@link org.colony.runtime.cli.Scenario} interface models register for it. */
package org.colony.runtime.cli;
