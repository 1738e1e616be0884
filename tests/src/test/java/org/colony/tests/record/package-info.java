/** Time series: the CSV a run records, against plain Java over downloaded columns, on every layout of the CPU. */
package org.colony.tests.record;
