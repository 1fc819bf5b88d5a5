package org.blinkhdfs.control.scheduler;

/**
 * One point of the scheduler's power history, for the web page.
 *
 * @param atMs when it was taken (the tick's time)
 * @param availableWatts power available to the DataNodes ({@code p_available}; overhead excluded)
 * @param drawnWatts average draw of the ring DataNodes under the schedule in force (all awake
 *     when there is none or it expired)
 */
public record PowerSample(long atMs, double availableWatts, double drawnWatts) {}
