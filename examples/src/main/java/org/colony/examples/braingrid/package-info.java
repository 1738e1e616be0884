/**
 * BrainGrid, a simplified self-organizing neural network: somas on a grid grow axons and dendrites that branch, meet
 * in synapses and carry signals between somas ({@link org.colony.examples.braingrid.BrainGrid}).
 */
package org.colony.examples.braingrid;
