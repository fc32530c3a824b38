// What the multi-process benches share: asking a child process a question over IPC, and percentiles.
import type { ChildProcess } from 'node:child_process';

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
