// A task's name states its target ("观看直播 10 分钟"): it is a message with the target as a parameter
// (messages `tasks.names`), so a target an operator changes in /admin/coin-rules renames the task on the
// member page and in the console, in every language.
import { LOCALES } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { DEFAULT_RULES, TASKS, type TaskCode } from './rules';

const name = (locale: (typeof LOCALES)[number], task: TaskCode, target: number) =>
  translator(locale)(`tasks.names.${task}`, { target });

/** The tasks whose target is their steps, not a count a name could state (avatar and nickname; one check). */
const STEPS: readonly TaskCode[] = ['profile', 'realName'];

it.each(LOCALES)('puts a changed target into the name of every counted task in %s', (locale) => {
  for (const task of TASKS.filter((code) => !STEPS.includes(code))) {
    expect(name(locale, task, 12)).toContain('12');
    expect(name(locale, task, 12)).not.toBe(name(locale, task, 13));
  }
});

it('reads as before at the default targets, and follows a change', () => {
  const targetOf = (task: TaskCode) => DEFAULT_RULES.tasks[task].target;
  expect(name('zh-CN', 'watch', targetOf('watch'))).toBe('观看直播 10 分钟');
  expect(name('zh-CN', 'watch', 15)).toBe('观看直播 15 分钟');
  expect(name('zh-CN', 'chat', 1)).toBe('在直播间发一条弹幕');
  expect(name('zh-CN', 'chat', 5)).toBe('在直播间发 5 条弹幕');
  expect(name('zh-TW', 'follow', targetOf('follow'))).toBe('追蹤 3 位主播');
  expect(name('en', 'read', 1)).toBe('Read 1 news article');
  expect(name('en', 'read', targetOf('read'))).toBe('Read 3 news articles');
  expect(name('en', 'recharge', 1)).toBe('Make your first top-up');
  expect(name('vi', 'watch', 30)).toBe('Xem livestream 30 phút');
  expect(name('en', 'watch', 1_000)).toBe('Watch live streams for 1,000 minutes');
});
