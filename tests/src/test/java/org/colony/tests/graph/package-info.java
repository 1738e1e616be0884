/** Places on the vertices of a graph: steps over edges against plain Java references, and their refusals. */
package org.colony.tests.graph;
