// Fan-club levels from intimacy (亲密度), shared by the server and the badge. Like Douyu's fan badge:
// level 1 on joining, quick early levels, slow later ones; four colour bands of five levels.
// 1 star diamond given in the anchor's room = 10 intimacy; every 5 minutes watched while the room is
// live and the viewer signed in = 10 intimacy, at most 120 a day per club (one hour of watching).

/** Intimacy needed to reach level L (index L − 1). */
export const FAN_LEVEL_THRESHOLDS = [
  0, 100, 300, 600, 1_000, 1_500, 2_200, 3_000, 4_000, 5_500, 7_500, 10_000, 14_000, 20_000, 28_000, 40_000,
  60_000, 90_000, 130_000, 200_000,
] as const;
export const FAN_MAX_LEVEL = FAN_LEVEL_THRESHOLDS.length;
export const INTIMACY_PER_DIAMOND = 10;
export const WATCH_STEP_SECONDS = 300;
export const INTIMACY_PER_WATCH_STEP = 10;
export const WATCH_DAILY_CAP = 120;

export function fanLevelOf(intimacy: number) {
  let level = 1;
  while (level < FAN_MAX_LEVEL && intimacy >= FAN_LEVEL_THRESHOLDS[level]!) level += 1;
  return level;
}

/** Where `intimacy` stands in its level: the next level's threshold (null at the top). */
export function fanProgress(intimacy: number) {
  const level = fanLevelOf(intimacy);
  const floor = FAN_LEVEL_THRESHOLDS[level - 1]!;
  const next = level < FAN_MAX_LEVEL ? FAN_LEVEL_THRESHOLDS[level]! : null;
  return { level, floor, next };
}

/** The colour band of a level: 1 (1–5) … 4 (16–20). */
export const fanBandOf = (level: number) => Math.min(4, Math.max(1, Math.ceil(level / 5)));

/** A badge name's display width: CJK and other wide characters count 2, the rest 1. */
export function nameWidth(name: string) {
  let width = 0;
  for (const char of name)
    width +=
      /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{20000}-\u{3FFFD}]/u.test(
        char,
      )
        ? 2
        : 1;
  return width;
}
export const FAN_NAME_MAX_WIDTH = 6;
export const FAN_PRICE_MAX = 100_000;
