// What the multi-process benches share: asking a child process a question over IPC, percentiles, and
// the load average printed beside every figure (only figures of one run compare).
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';

export type Ask = { ask: string; [key: string]: unknown };

/** Sends `question` to `child` and resolves with the first reply that carries `key`. */
export function ask<T>(child: ChildProcess, question: Ask, key: string) {
  return new Promise<T>((resolve) => {
    const listener = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', listener);
      resolve(message[key] as T);
    };
    child.on('message', listener);
    child.send(question);
  });
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

/** The 1, 5 and 15 minute load averages, to two decimals. */
export const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));
