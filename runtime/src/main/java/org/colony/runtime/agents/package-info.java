/**
 * What a driver hears back about agents: {@link org.colony.runtime.agents.ManageReport}, what one
 * {@code manageAll} did. The machinery that carries {@code manageAll} out lives with the backends.
 */
package org.colony.runtime.agents;
