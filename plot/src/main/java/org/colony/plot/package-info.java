/**
 * Plots of recorded time series: {@link org.colony.plot.SeriesTable} reads the CSV a {@code TimeSeries} wrote and
 * {@link org.colony.plot.XChartPlotter} draws its columns against the step with XChart, for {@code mass plot} and
 * {@code mass run --plot}.
 */
package org.colony.plot;
