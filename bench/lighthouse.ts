// Lighthouse desktop (performance, accessibility, best practices, SEO, CLS) and axe-core's violation
// counts for the portal's main pages, on a production build (`next build` first) started here with demo
// data. Prints a table and writes bench/results/lighthouse.json. Lighthouse drives Debian's Chromium
// (CHROME_PATH); the mobile redirect is off for the audited server (MOBILE_REDIRECT=off).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT ?? 3291);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse runs per page (BENCH_RUNS): the median by performance is reported, with every run's score. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';
const run = promisify(execFile);

async function startPortal() {
  const server = spawn('npx', ['tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: process.env.BENCH_DATA_DIR ?? '.data/bench',
      SEED_ON_START: '1',
      MOBILE_REDIRECT: 'off',
      LOG_LEVEL: 'warn',
      // Media ports follow the bench port, so the bench never meets another portal's engine.
      MEDIA_RTMP_PORT: process.env.MEDIA_RTMP_PORT ?? String(20_000 + (PORT % 10_000)),
      MEDIA_HTTP_PORT: process.env.MEDIA_HTTP_PORT ?? String(30_000 + (PORT % 10_000)),
    },
    stdio: 'ignore',
    detached: true,
  });
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  process.kill(-server.pid!, 'SIGTERM');
  throw new Error('the portal did not start');
}

/** A seeded room and match, read from the pages that link to them. */
async function firstLink(page: string, pattern: RegExp) {
  const html = await (await fetch(`${BASE}${page}`)).text();
  const match = html.match(pattern);
  if (!match) throw new Error(`no link like ${pattern} on ${page}`);
  return match[0].replaceAll('&amp;', '&');
}

type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  /** Largest contentful paint, ms. */
  lcp: number;
  /** The LCP element's markup, and where its time went (time to first byte, load delay, render delay). */
  lcpElement: string;
  lcpPhases: Record<string, number>;
};

/**
 * The LCP element and its phases, from Lighthouse 13's `lcp-breakdown-insight` (a subparts table and a
 * node item) or older versions' `largest-contentful-paint-element` (tables of a node and of phases).
 */
function lcpDetails(audits: Record<string, { details?: unknown }>) {
  const rows: Record<string, unknown>[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      rows.push(value as Record<string, unknown>);
      Object.values(value).forEach(walk);
    }
  };
  walk(audits['lcp-breakdown-insight']?.details ?? audits['largest-contentful-paint-element']?.details);
  const node = rows.find((row) => row.type === 'node' && typeof row.snippet === 'string');
  const phases = Object.fromEntries(
    rows
      .map((row) => [row.subpart ?? row.phase, row.duration ?? row.timing])
      .filter(([name, ms]) => typeof name === 'string' && typeof ms === 'number')
      .map(([name, ms]) => [name, Math.round(ms as number)]),
  );
  return { lcpElement: (node?.snippet as string | undefined) ?? '', lcpPhases: phases };
}

async function lighthouse(url: string): Promise<Scores> {
  const output = path.join(os.tmpdir(), `lighthouse-${process.pid}.json`);
  await run(
    'npx',
    [
      'lighthouse',
      url,
      '--preset=desktop',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 2 ** 20 },
  );
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  fs.rmSync(output, { force: true });
  const score = (category: string) => Math.round(report.categories[category].score * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: report.audits['cumulative-layout-shift'].numericValue,
    lcp: Math.round(report.audits['largest-contentful-paint'].numericValue),
    ...lcpDetails(report.audits),
  };
}

async function axeCounts(urls: string[]) {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const counts: Record<string, { violations: number; seriousOrCritical: number; nodes: number }> = {};
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    for (const url of urls) {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      const { violations } = await new AxeBuilder({ page }).analyze();
      counts[url] = {
        violations: violations.length,
        seriousOrCritical: violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')
          .length,
        nodes: violations.reduce((sum, violation) => sum + violation.nodes.length, 0),
      };
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return counts;
}

async function main() {
  const server = await startPortal();
  try {
    // BENCH_PAGES=/main,/circle audits just those pages; `/video-player` alone is the first seeded video.
    const videoPlayer = () => firstLink('/video-list', /\/video-player\?id=\d+/);
    const listed = process.env.BENCH_PAGES?.split(',').filter(Boolean);
    const pages = listed
      ? await Promise.all(listed.map((page) => (page === '/video-player' ? videoPlayer() : page)))
      : [
          '/main',
          '/news',
          await videoPlayer(),
          '/football',
          '/anchor',
          await firstLink('/anchor', /\/live\?id=\d+/),
          '/rank',
          await firstLink('/trophy/home?year=2022&view=matches', /\/score-detail\?id=\d+/),
        ];
    // One unmeasured visit each, so the first audit does not pay for the server's first render.
    for (const page of pages) await fetch(`${BASE}${page}`);
    const rows: Record<string, Scores & { runs: number[] }> = {};
    for (const page of new Set(pages)) {
      const runs: Scores[] = [];
      while (runs.length < RUNS) {
        // A loaded machine sometimes loses Lighthouse's trace (NO_NAVSTART): run that page again.
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await lighthouse(`${BASE}${page}`));
            break;
          } catch (error) {
            if (attempt === 3) throw error;
          }
        }
        console.log(page, JSON.stringify(runs.at(-1)));
      }
      // The median run by performance stands for the page; every run's score is kept beside it.
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      rows[page] = {
        ...sorted[Math.floor((sorted.length - 1) / 2)]!,
        runs: runs.map((run) => run.performance),
      };
    }
    const axe = await axeCounts(
      [...pages, ...pages.map((page) => `/en${page}`)].map((page) => `${BASE}${page}`),
    );
    // Lighthouse's performance score follows the machine's load (total blocking time); say what it was.
    const machine = `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`;
    console.log(`\n${machine}`);
    console.log('page | performance | accessibility | best practices | SEO | CLS');
    for (const [page, row] of Object.entries(rows))
      console.log(
        `${page} | ${row.performance}${row.runs.length > 1 ? ` (${row.runs.join(', ')})` : ''} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.cls.toFixed(3)}`,
      );
    console.log('\naxe-core (all rules; serious or critical) per page:');
    for (const [url, count] of Object.entries(axe))
      console.log(
        `${url.slice(BASE.length)}: ${count.violations} rules violated on ${count.nodes} nodes, ${count.seriousOrCritical} serious or critical`,
      );
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/lighthouse.json',
      JSON.stringify(
        { measuredAt: new Date().toISOString(), machine: `${os.cpus().length} cores`, rows, axe },
        null,
        2,
      ),
    );
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
