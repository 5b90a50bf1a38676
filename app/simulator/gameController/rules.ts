/**
 * Timing rules of an SPL game (RoboCup SPL rulebook 2025 and its GameController). All durations in ms.
 */

/** A half lasts 10 minutes. */
export const HALF_DURATION = 600_000;
/** Robots have 45 s to walk to their kick-off positions in Ready. */
export const READY_DURATION = 45_000;
/**
 * Set lasts until the referee whistles; the automatic referee waits this long (Pitchside's choice: enough for the
 * robots to stop moving, as the human referee would).
 */
export const SET_DURATION = 5_000;
/** After a kick-off, the ball is free (may be played by the defenders) after 10 s or when touched. */
export const KICK_OFF_DURATION = 10_000;
/** Goal kick, pushing free kick, corner kick and kick-in give the kicking team 30 s. */
export const SET_PLAY_DURATION = 30_000;
/** The standard penalty removes a robot for 45 s. */
export const PENALTY_DURATION = 45_000;
/** Illegal motion in Set/Standby is a short penalty: 15 s. */
export const SHORT_PENALTY_DURATION = 15_000;
/**
 * Each further standard penalty of the same team adds 10 s (the GameController's increasing penalty time);
 * 0 switches it off.
 */
export const PENALTY_INCREMENT = 10_000;
/** Messages each team may send per game (team communication budget). */
export const MESSAGE_BUDGET = 1200;
/** The GameController sends two packets per second. */
export const PACKET_INTERVAL = 500;
/**
 * When no robot plays the ball for this long, the referee calls a global game stuck (restart with a kick-off), as
 * the SPL's rules let the head referee do after 30 s without progress.
 */
export const GAME_STUCK_DURATION = 30_000;
