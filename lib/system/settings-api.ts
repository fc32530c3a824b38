// The console's system settings (operators only): what is stored, what applies, what the environment
// says; saving a part of them applies it without a restart and is audited with the values before and after.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { saveSettings, settingsInput, settingsView } from './settings';

const effective = z.object({
  productName: z.string().optional(),
  customerServiceEmail: z.string(),
  mobileSiteUrl: z.string().optional(),
  feedSpeed: z.number(),
  feedPaused: z.boolean(),
  giftConfirmStars: z.number(),
});

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
      output: z.object({ stored: settingsInput.partial(), effective, configured: effective }),
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
