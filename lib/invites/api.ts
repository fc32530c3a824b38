// The invitation program's calls: `api/Distribution/Invitation` (spec §7: the caller's code, link,
// who joined through it and what they earned) and the operators' rules (held rewards are decided in the
// review queue: lib/review).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { afterRegistration } from '@/lib/accounts/registration-hooks';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { requestOrigin } from '@/lib/http/client-address';
import { localizedPath } from '@/lib/i18n/routing';
import { inviteRules, inviteRulesSchema, saveInviteRules } from './rules';
import { invitationOverview, recordInvitee } from './service';

const status = z.enum(['waiting', 'paid', 'rejected', 'capped']);

/** The link a friend opens: the public origin when configured, else the host asked. */
export function inviteLink(origin: string, locale: Parameters<typeof localizedPath>[0], code: string) {
  return `${origin}${localizedPath(locale, '/register')}?code=${encodeURIComponent(code)}`;
}

export function registerInviteRoutes(app: OpenAPIHono<AppEnv>) {
  afterRegistration(recordInvitee);
  defineRoute(
    app,
    {
      path: '/api/Distribution/Invitation',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Invitations',
      summary:
        "The caller's invite code and link, who joined through it and the coins each earned (a reward is paid for an invitee's first recharge past the refund window or three days of watching, never for a sign-up)",
      middleware: [requireUser],
      output: z.object({
        code: z.string(),
        link: z.string(),
        invited: z.number(),
        rewarded: z.number(),
        earned: z.number(),
        reward: z.number(),
        cap: z.number(),
        active_days: z.number(),
        refund_days: z.number(),
        list: z.array(
          z.object({
            user_id: z.number(),
            nickname: z.string(),
            avatar: z.string(),
            joined_at: z.string(),
            status,
            reward: z.number(),
          }),
        ),
      }),
    },
    async (c) => {
      const overview = await invitationOverview(c.var.db, c.var.user!.id, c.var.now);
      const site = getConfig().SITE_URL;
      const origin = site ? new URL(site).origin : requestOrigin(c.req.raw.headers);
      return { ...overview, link: inviteLink(origin, c.var.locale, overview.code) };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/invitations/rules',
      effect: 'read',
      methods: ['get'],
      tag: 'Invitations',
      summary:
        'The invitation rules in force: reward, lifetime cap per inviter, refund window, active days, sign-ups per hour that hold a reward (operators, finance)',
      staff: ['finance'],
      output: inviteRulesSchema,
    },
    (c) => inviteRules(c.var.db),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/invitations/saveRules',
      effect: 'write',
      methods: ['post'],
      tag: 'Invitations',
      summary:
        'Changes some of the invitation rules (the fields given); they apply at once, on every node within the shared cache’s lifetime (operators, finance)',
      staff: ['finance'],
      input: inviteRulesSchema.partial().strict(),
      output: inviteRulesSchema,
    },
    (c, input) => saveInviteRules(c.var.db, input, c.var.now),
  );
}
