import { apiPaths, ZPasswordChangeSchema, ZProfileUpdateSchema } from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import type { Principal } from '../../auth/principal.js';
import { limitBy } from '../../auth/rate-limits.js';
import { notFound, notSignedIn } from '../../http/errors.js';
import { presentProfile, presentSessionUser } from '../accounts/accounts.presenter.js';
import { changePassword, updateProfile } from './profile.service.js';

// Multipart file fields arrive as Buffers (attachFieldsToBody: 'keyValues'); an empty file input as ''.
const ZProfileUpdateBody = ZProfileUpdateSchema.extend({
  avatar: z
    .union([z.instanceof(Buffer), z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

const principalOf = (request: { principal: Principal | null }) => {
  if (!request.principal) throw notSignedIn();
  return request.principal;
};

/** The signed-in user's own profile (spec 7 `POST /api/profile/update/`) and password. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const limits = config.rateLimits;

  app.get(
    apiPaths.profile,
    { config: { access: access.signedIn() }, schema: { tags: ['profile'] } },
    async (request) => {
      const principal = principalOf(request);
      return { user: presentSessionUser(principal), profile: presentProfile(principal.user) };
    },
  );

  app.post(
    apiPaths.profileUpdate,
    { config: { access: access.signedIn() }, schema: { body: ZProfileUpdateBody, tags: ['profile'] } },
    async (request) => {
      const principal = principalOf(request);
      const updated = await updateProfile(db, storage, principal.user, request.body);
      return { profile: presentProfile(updated) };
    },
  );

  app.post(
    apiPaths.profilePassword,
    {
      config: { access: access.signedIn() },
      schema: { body: ZPasswordChangeSchema, tags: ['profile'] },
      // Limited like login: a borrowed session must not become a way to guess the password.
      preHandler: [
        limitBy(app, 'password-ip', limits.loginPerIp),
        limitBy(app, 'password-account', limits.loginPerAccount, (request) =>
          String(principalOf(request).user.id),
        ),
      ],
    },
    async (request) => {
      const principal = principalOf(request);
      if (!request.session) throw notSignedIn();
      await changePassword(db, principal.user, request.session.idHash, request.body);
      return { detail: 'Your password has been changed.' };
    },
  );

  app.get(
    '/profile/avatar/',
    { config: { access: access.signedIn() }, schema: { tags: ['profile'] } },
    async (request, reply) => {
      const { avatarKey } = principalOf(request).user;
      if (!avatarKey) throw notFound();
      const extension = avatarKey.split('.').pop() ?? '';
      const type = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }[extension];
      // Cache-Control: no-store, as every signed-in answer (http/personal-data.ts): a photo of a person.
      reply.type(type ?? 'application/octet-stream');
      return reply.send(await storage.read(avatarKey));
    },
  );
};
