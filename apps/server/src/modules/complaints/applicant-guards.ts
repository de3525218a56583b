import { messages } from '@stp/shared';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../auth/principal.js';
import { HttpError, notSignedIn } from '../../http/errors.js';

/** The signed-in caller (401 otherwise). */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw notSignedIn();
  return request.principal;
};

/** Spec 6: a visitor reads "You must log in to submit this form" (runs right after authentication). */
export async function mustLogIn(request: FastifyRequest) {
  if (!request.principal) throw new HttpError(401, messages.mustLogIn);
}

/** Spec 5/6: only a client account lodges or answers; said before any field is checked. */
export async function clientOnly(request: FastifyRequest) {
  if (!request.principal) throw new HttpError(401, messages.mustLogIn);
  if (request.principal.user.isStaff || request.principal.user.isSuperuser) {
    throw new HttpError(403, messages.staffCannotComplain);
  }
}
