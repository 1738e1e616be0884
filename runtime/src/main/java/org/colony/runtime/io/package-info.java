/**
 * Output of simulation state: PNG heat maps of attributes with a legend (colour bar, range, non-finite values,
 * agents), their files checked before a run and written atomically.
 */
package org.colony.runtime.io;
