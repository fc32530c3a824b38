'use client';
// The two coin-rule cards. Each sends only the fields that changed; the route validates them and answers
// a translated error for a bad value, which is shown beside the save button.
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import type { InviteRules } from '@/lib/invites/rules';
// Types only: the rules modules build zod schemas, whose eval probe the pages' CSP refuses.
import type { TaskCode, TaskRules } from '@/lib/tasks/rules';
import { Card, Footer, useSave } from '../settings/settings-forms';

const NUMBER_CLASS = `${FIELD_CLASS} h-9 tabular-nums`;
/** The field's number, or NaN for an empty or broken one (the route refuses it with its message). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** `names`: each task's title as users read it in the task centre, in the task centre's order. */
export function TaskRulesForm({ rules, names }: { rules: TaskRules; names: Record<TaskCode, string> }) {
  const t = useTranslations('admin.coins');
  const codes = Object.keys(names) as TaskCode[];
  const id = useId();
  const { save, ...state } = useSave('api/admin/tasks/saveRules');
  const [zone, setZone] = useState(rules.timeZone);
  const [cap, setCap] = useState(String(rules.dailyTaskCap));
  const [sign, setSign] = useState(rules.signRewards.map(String));
  const [tasks, setTasks] = useState(
    Object.fromEntries(
      codes.map((task) => [
        task,
        { reward: String(rules.tasks[task].reward), target: String(rules.tasks[task].target) },
      ]),
    ) as Record<TaskCode, { reward: string; target: string }>,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const change: Record<string, unknown> = {};
    if (zone.trim() !== rules.timeZone) change.timeZone = zone.trim();
    if (numberOf(cap) !== rules.dailyTaskCap) change.dailyTaskCap = numberOf(cap);
    const signRewards = sign.map(numberOf);
    if (signRewards.some((value, day) => value !== rules.signRewards[day])) change.signRewards = signRewards;
    const changedTasks = Object.fromEntries(
      codes.flatMap((task) => {
        const next = { reward: numberOf(tasks[task].reward), target: numberOf(tasks[task].target) };
        const now = rules.tasks[task];
        return next.reward !== now.reward || next.target !== now.target ? [[task, next]] : [];
      }),
    );
    if (Object.keys(changedTasks).length) change.tasks = changedTasks;
    if (Object.keys(change).length) save(change);
  }

  return (
    <Card title={t('tasksTitle')} hint={t('tasksHint')}>
      <form onSubmit={submit}>
        <div className="grid gap-6 px-4 py-4 xl:grid-cols-[18rem_1fr]">
          <div className="space-y-4">
            <div>
              <label htmlFor={`${id}-zone`} className={LABEL_CLASS}>
                {t('timeZone')}
              </label>
              <input
                id={`${id}-zone`}
                value={zone}
                maxLength={60}
                onChange={(event) => setZone(event.target.value)}
                className={`${FIELD_CLASS} h-9`}
              />
            </div>
            <div className="w-40">
              <label htmlFor={`${id}-cap`} className={LABEL_CLASS}>
                {t('dailyCap')}
              </label>
              <input
                id={`${id}-cap`}
                inputMode="numeric"
                value={cap}
                onChange={(event) => setCap(event.target.value)}
                className={NUMBER_CLASS}
              />
            </div>
            <fieldset>
              <legend className={LABEL_CLASS}>{t('signRewards')}</legend>
              <div className="grid grid-cols-4 gap-2 sm:grid-cols-7 xl:grid-cols-4">
                {sign.map((value, day) => (
                  <input
                    // biome-ignore lint/suspicious/noArrayIndexKey: the seven days of the cycle are fixed positions
                    key={day}
                    inputMode="numeric"
                    value={value}
                    aria-label={t('signDay', { day: day + 1 })}
                    onChange={(event) =>
                      setSign(sign.map((old, i) => (i === day ? event.target.value : old)))
                    }
                    className={NUMBER_CLASS}
                  />
                ))}
              </div>
            </fieldset>
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('tasksTitle')}</caption>
            <thead>
              <tr className="text-left text-xs text-ink-500">
                <th className="py-1 pr-3 font-medium">{t('task')}</th>
                <th className="py-1 pr-3 font-medium">{t('reward')}</th>
                <th className="py-1 font-medium">{t('target')}</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((task) => (
                <tr key={task} className="border-t border-line">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal text-ink-700">
                    {names[task]}
                  </th>
                  {(['reward', 'target'] as const).map((field) => (
                    <td key={field} className="w-20 py-1.5 pr-2 sm:w-28 sm:pr-3">
                      <input
                        inputMode="numeric"
                        value={tasks[task][field]}
                        aria-label={`${names[task]} · ${t(field)}`}
                        data-testid={`task-${task}-${field}`}
                        onChange={(event) =>
                          setTasks({ ...tasks, [task]: { ...tasks[task], [field]: event.target.value } })
                        }
                        className={NUMBER_CLASS}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Footer {...state} testId="coin-rules-tasks-save" />
      </form>
    </Card>
  );
}

const INVITE_FIELDS = ['reward', 'lifetimeCap', 'refundWindowDays', 'activeDays', 'signupsPerHour'] as const;

export function InviteRulesForm({ rules }: { rules: InviteRules }) {
  const t = useTranslations('admin.coins');
  const id = useId();
  const { save, ...state } = useSave('api/admin/invitations/saveRules');
  const [values, setValues] = useState(
    Object.fromEntries(INVITE_FIELDS.map((field) => [field, String(rules[field])])) as Record<
      (typeof INVITE_FIELDS)[number],
      string
    >,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const change = Object.fromEntries(
      INVITE_FIELDS.flatMap((field) =>
        numberOf(values[field]) !== rules[field] ? [[field, numberOf(values[field])]] : [],
      ),
    );
    if (Object.keys(change).length) save(change);
  }

  return (
    <Card title={t('invitesTitle')} hint={t('invitesHint')}>
      <form onSubmit={submit}>
        <div className="grid gap-4 px-4 py-4 sm:grid-cols-2 lg:grid-cols-5">
          {INVITE_FIELDS.map((field) => (
            <div key={field}>
              <label htmlFor={`${id}-${field}`} className={LABEL_CLASS}>
                {t(`invite.${field}`)}
              </label>
              <input
                id={`${id}-${field}`}
                inputMode="numeric"
                value={values[field]}
                data-testid={`invite-${field}`}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                className={NUMBER_CLASS}
              />
            </div>
          ))}
        </div>
        <Footer {...state} testId="coin-rules-invites-save" />
      </form>
    </Card>
  );
}
