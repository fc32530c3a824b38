// `api/im/credentials`: what the browser logs in to the configured IM provider with (lib/im/provider.ts):
// a signed-in user under their id, a guest under their tourist account (its id and `sig` checked).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { verifyChatSignature } from '@/lib/accounts/chat-signature';
import type { AppEnv } from '@/lib/api/context';
import { LoginRequiredError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { imCredentials } from './signature';

export function registerImCredentialsRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/im/credentials',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Chat',
      summary:
        "The caller's login to the room chat's IM provider: built-in socket.io (portal signature) or " +
        'Tencent Cloud Chat (UserSig, SDKAppID); guests pass their tourist account',
      input: z.object({ tourist_id: z.string().max(64).optional(), sig: z.string().max(200).optional() }),
      output: z.object({
        provider: z.enum(['socket', 'tencent']),
        chat_id: z.string(),
        sig: z.string(),
        sdk_app_id: z.number().nullable(),
      }),
    },
    async (c, input) => {
      const now = c.var.now;
      let chatId: string | null = c.var.user ? String(c.var.user.id) : null;
      if (!chatId && input.tourist_id && input.sig) {
        if (await verifyChatSignature(c.var.db, input.tourist_id, input.sig, now.getTime()))
          chatId = input.tourist_id;
      }
      if (!chatId) throw new LoginRequiredError();
      return imCredentials(c.var.db, getConfig(), chatId, now);
    },
  );
}
