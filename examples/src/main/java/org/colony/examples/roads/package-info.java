/**
 * Random walkers on a weighted road network: agents on the vertices of a graph that move along its edges
 * ({@code mass run roads}).
 */
package org.colony.examples.roads;
