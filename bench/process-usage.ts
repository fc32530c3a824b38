// CPU and memory of a whole process group over a window, read from /proc (Linux): the portal runs
// as npx → tsx → node with ffmpeg packagers below it, so one pid alone would miss most of the cost.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;
const PAGE_KB = 4;

type Sample = { ticks: number; rssKb: number };

function groupSample(groupId: number): Sample {
  let ticks = 0;
  let rssKb = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended while we looked
    }
    // Fields after the command name, which may hold spaces: state is field 3, pgrp 5, utime 14,
    // stime 15, rss 24 (in pages).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
    rssKb += Number(fields[21]) * PAGE_KB;
  }
  return { ticks, rssKb };
}

/** Average CPU (% of one core) and mean resident memory of the group over `ms`. */
export async function processGroupUsage(groupId: number, ms: number) {
  const start = groupSample(groupId);
  const startedAt = performance.now();
  const rss: number[] = [start.rssKb];
  while (performance.now() - startedAt < ms) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rss.push(groupSample(groupId).rssKb);
  }
  const end = groupSample(groupId);
  const seconds = (performance.now() - startedAt) / 1000;
  const meanRssKb = rss.reduce((sum, value) => sum + value, 0) / rss.length;
  return {
    cpuPercent: Math.round(((end.ticks - start.ticks) / TICKS_PER_SECOND / seconds) * 1000) / 10,
    rssMb: Math.round(meanRssKb / 102.4) / 10,
  };
}

/** CPU seconds (user + system) the group has used so far. */
export function groupCpuSeconds(groupId: number) {
  return groupSample(groupId).ticks / TICKS_PER_SECOND;
}
