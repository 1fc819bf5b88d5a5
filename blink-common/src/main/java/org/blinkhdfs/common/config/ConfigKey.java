package org.blinkhdfs.common.config;

/**
 * One documented configuration key: its name, default (as written in {@code
 * conf/blink-default.xml}) and the unit of its value. The meaning lives in the defaults file; a
 * test keeps the two in step.
 */
public record ConfigKey(String name, String defaultValue, String unit) {}
