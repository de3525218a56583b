import { passwordMessages } from '@stp/shared';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** What a password is compared with: the account's address and names (any may be missing). */
export interface PasswordOwner {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  displayName?: string | null;
}

/** zxcvbn's score from 0 to 4; 3 is "safely unguessable" (about 10^8 guesses and more). */
export const minimumPasswordScore = 3;

/**
 * The estimator sees the first 64 characters: its time grows with the length (a 128-character password
 * took 1 to 9 s on a loaded 2-core machine, 64 stays well under one), and a password whose first 64
 * characters are guessable is refused all the same.
 */
const estimatedLength = 64;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn with the common, English and French dictionaries, loaded on the first password set (about 10 MB). */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    return new ZxcvbnFactory({
      maxLength: estimatedLength,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
    });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

const normalise = (value: string) => value.normalize('NFKC').trim().toLowerCase();
const squeeze = (value: string) => normalise(value).replace(/[\s._-]+/g, '');

/**
 * Why this password may not be the owner's, or null: equal to the address (or its part before the @)
 * or to a name, ignoring case, spaces and dots; then guessable by zxcvbn with the address and names as
 * words it knows. The length, digit, repetition and common-list rules of ZPasswordSchema come first.
 */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | null> {
  const email = normalise(owner.email);
  const local = email.split('@')[0] ?? '';
  const names = [owner.firstName, owner.lastName, owner.displayName]
    .map((name) => normalise(name ?? ''))
    .filter(Boolean);
  const fullName = [owner.firstName, owner.lastName].map((name) => normalise(name ?? '')).join(' ');
  const candidate = squeeze(password);
  if ([email, local].some((value) => value && squeeze(value) === candidate))
    return passwordMessages.likeEmail;
  if ([...names, fullName].some((value) => value.trim() && squeeze(value) === candidate))
    return passwordMessages.likeName;

  const zxcvbn = await loadEstimator();
  const words = [
    email,
    local,
    ...names,
    ...[local, ...names].flatMap((word) => word.split(/[\s._-]+/)),
  ].filter((word) => word.length > 1);
  const { score } = zxcvbn.check(password, words);
  return score < minimumPasswordScore ? passwordMessages.weak : null;
}
