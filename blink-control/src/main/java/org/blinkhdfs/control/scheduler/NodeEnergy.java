package org.blinkhdfs.control.scheduler;

import java.util.OptionalLong;

/**
 * One ring DataNode's account in the {@link EnergyReport}: milliseconds per state and joules
 * since the scheduler started accounting, its open period up to the report's time included
 * (extrapolated at the power of its last reported state).
 *
 * @param node transfer address
 * @param awakeMs awake with every core
 * @param asleepMs asleep
 * @param transitionMs entering or resuming from sleep
 * @param ioServerMs awake as an io-server
 * @param joules energy of those milliseconds by the power model
 * @param lastReportAtMs when the scheduler last received its agent's status (its clock)
 * @param estimatedMs the part of the account estimated from the schedule because its agent sent
 *     no energy counters (an agent older than issue 38, or none heard yet); 0 when all measured
 * @param estimated true when the node is estimated now (its last status had no counters)
 * @param resets how often its counters started again (an agent restart), each a reset, never
 *     negative energy
 */
public record NodeEnergy(String node, long awakeMs, long asleepMs, long transitionMs,
    long ioServerMs, double joules, OptionalLong lastReportAtMs, long estimatedMs,
    boolean estimated, long resets) {}
