import {
  apiPaths,
  messages,
  ZLoginSchema,
  ZNewPasswordSchema,
  ZPasswordResetRequestSchema,
  ZRegisterClientSchema,
} from '@stp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import { limitBy } from '../../auth/rate-limits.js';
import { loginFailed, loginLimits, loginSucceeded } from '../../auth/login-limits.js';
import { csrfFor } from '../../auth/auth.plugin.js';
import { endSession, startSession } from '../../auth/session-cookie.js';
import { HttpError } from '../../http/errors.js';
import { presentSession, presentSessionUser } from './accounts.presenter.js';
import {
  authenticate,
  completeRegistration,
  describeConfirmation,
  registerClient,
  requestPasswordReset,
  resetPassword,
} from './accounts.service.js';

const invalidLink = 'This link is invalid or has expired. Please ask for a new one.';
const ZTokenParams = z.object({ token: z.string().min(20).max(100) });

/** Sign-in, sign-out, the token endpoint, registration with confirmation, password reset. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, outbox, config, tokens } = app.deps;
  const limits = config.rateLimits;
  const linkContext = { db, outbox, publicUrl: config.publicUrl };

  app.get(
    apiPaths.token,
    {
      config: { access: access.public(), personalData: true },
      preHandler: limitBy(app, 'token', limits.token),
      schema: { tags: ['accounts'] },
    },
    async (request) => {
      const { principal, session } = request;
      if (!principal || !session) return { user: null, token: null };
      const token = await tokens.sign({ userId: principal.user.id, sessionHash: session.idHash });
      return { user: presentSessionUser(principal), token };
    },
  );

  app.post(
    apiPaths.login,
    {
      config: { access: access.public(), personalData: true },
      schema: { body: ZLoginSchema, tags: ['accounts'] },
      // Per address, then per account without letting a stranger keep the owner out (login-limits.ts).
      preHandler: [limitBy(app, 'login-ip', limits.loginPerIp), loginLimits(app)],
    },
    async (request, reply) => {
      const principal = await authenticate(db, request.body.email, request.body.password);
      if (!principal) {
        await loginFailed(request);
        throw new HttpError(400, messages.invalidCredentials, { _: messages.invalidCredentials });
      }
      await loginSucceeded(request, reply);
      const { csrf, token } = await startSession(request, reply, principal);
      return presentSession(csrf, token, principal);
    },
  );

  app.post(
    apiPaths.logout,
    { config: { access: access.public(), personalData: true }, schema: { tags: ['accounts'] } },
    async (request, reply) => {
      const csrf = await endSession(request, reply);
      return presentSession(csrf, null, null);
    },
  );

  app.post(
    apiPaths.register,
    {
      config: { access: access.public() },
      schema: { body: ZRegisterClientSchema, tags: ['accounts'] },
      preHandler: limitBy(app, 'register', limits.register),
    },
    async (request) => {
      await registerClient(linkContext, request.body);
      return { detail: 'Thank you. We have sent you an e-mail with a link to complete your registration.' };
    },
  );

  app.get(
    '/auth/register/confirm/:token/',
    {
      config: { access: access.public(), personalData: true },
      schema: { params: ZTokenParams, tags: ['accounts'] },
    },
    async (request) => {
      const who = await describeConfirmation(db, request.params.token);
      if (!who) throw new HttpError(404, invalidLink);
      return who;
    },
  );

  app.post(
    '/auth/register/confirm/:token/',
    {
      config: { access: access.public(), personalData: true },
      schema: { params: ZTokenParams, body: ZNewPasswordSchema, tags: ['accounts'] },
      preHandler: limitBy(app, 'register', limits.register),
    },
    async (request, reply) => {
      const principal = await completeRegistration(db, request.params.token, request.body.new_password);
      if (!principal) throw new HttpError(404, invalidLink);
      const { csrf, token } = await startSession(request, reply, principal);
      return presentSession(csrf, token, principal);
    },
  );

  app.post(
    apiPaths.passwordReset,
    {
      config: { access: access.public() },
      schema: { body: ZPasswordResetRequestSchema, tags: ['accounts'] },
      preHandler: limitBy(app, 'register', limits.register),
    },
    async (request) => {
      await requestPasswordReset(linkContext, request.body.email);
      return { detail: 'If an account uses this address, we have sent it a link to choose a new password.' };
    },
  );

  app.post(
    '/auth/register/reset/:token/',
    {
      config: { access: access.public(), personalData: true },
      schema: { params: ZTokenParams, body: ZNewPasswordSchema, tags: ['accounts'] },
      preHandler: limitBy(app, 'register', limits.register),
    },
    async (request, reply) => {
      const done = await resetPassword(db, request.params.token, request.body.new_password);
      if (!done) throw new HttpError(404, invalidLink);
      // The reset signed the account out everywhere, this browser included.
      const csrf = await endSession(request, reply);
      return { detail: 'Your password has been changed. You can now sign in.', csrf };
    },
  );

  // Not a page of its own: lets a client that lost its csrf value (e.g. after a long idle) get it back.
  app.get(
    '/auth/csrf/',
    { config: { access: access.public(), personalData: true }, schema: { tags: ['accounts'] } },
    async (request, reply) => {
      return { csrf: csrfFor(request, reply) };
    },
  );
};
