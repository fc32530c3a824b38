// User levels from experience (spec §9: 1 diamond = 1 point, kept in tenths). Level L starts at
// 5·L·(L−1) points: quick early levels, slower later ones, capped at MAX_LEVEL.
export const MAX_LEVEL = 60;

/** Points (not tenths) needed to reach `level`. */
export function levelThreshold(level: number) {
  return 5 * level * (level - 1);
}

export function levelOf(experienceTenths: number) {
  const points = experienceTenths / 10;
  let level = 1;
  while (level < MAX_LEVEL && points >= levelThreshold(level + 1)) level += 1;
  return level;
}

/** The level badge image (spec `exp_icon`), drawn by `api/universal/levelIcon`. */
export function levelIconUrl(level: number) {
  return `/api/universal/levelIcon?level=${level}`;
}
