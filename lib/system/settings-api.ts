// The console's system settings (operators only): what is stored, what applies, what the environment
// says; saving a part of them applies it without a restart and is audited with the values before and after.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { REGISTRATION_MODES, saveSettings, settingsInput, settingsView } from './settings';

const rate = z.object({ count: z.number(), seconds: z.number() });
const effective = z.object({
  productName: z.string().optional(),
  customerServiceEmail: z.string(),
  mobileSiteUrl: z.string().optional(),
  feedSpeed: z.number(),
  feedPaused: z.boolean(),
  giftConfirmStars: z.number(),
  registration: z.enum(REGISTRATION_MODES),
  chatRate: rate,
  imRate: rate,
  postRate: rate,
  autoHideReporters: z.number().optional(),
  smsProvider: z.enum(['outbox', 'http']),
  smsHttpUrl: z.string().optional(),
  /** The token itself never leaves the server. */
  smsHttpTokenSet: z.boolean(),
  captchaCost: z.number(),
});
const stored = settingsInput.omit({ smsHttpToken: true }).partial().extend({ smsHttpTokenSet: z.boolean() });

export function registerSettingsRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/settings',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'System settings: stored by operators, the values in force, and the environment’s defaults',
      staff: [],
      output: z.object({ stored, effective, configured: effective }),
    },
    (c) => settingsView(c.var.db),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/settings/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: 'Store some settings (`null` goes back to the environment’s value); applied without a restart',
      staff: [],
      input: settingsInput.partial().extend({ reason: z.string().trim().max(500).optional() }),
      output: z.object({ effective }),
    },
    async (c, { reason: _reason, ...patch }) => {
      if (Object.keys(patch).length === 0) throw new DomainError('NOTHING_TO_SAVE');
      const change = await saveSettings(c.var.db, patch, { now: c.var.now, actorId: c.var.user!.id });
      auditChange(c, { targetType: 'settings', targetId: Object.keys(patch).join(','), ...change });
      return { effective: (await settingsView(c.var.db)).effective };
    },
  );
}
