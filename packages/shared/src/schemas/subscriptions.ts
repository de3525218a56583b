import { z } from 'zod';
import { supportedLocales } from '../locales.js';
import { ZEmailSchema } from './auth.js';

/** E-mail alerts (issue 34 item 1, docs/subscriptions.md): the API's paths under /api. */
export const subscriptionApiPaths = {
  /** GET: the caller's subscriptions; POST: follow something. */
  list: '/subscriptions/',
  item: (id: number) => `/subscriptions/${id}/`,
  confirm: '/subscriptions/confirm/',
  /** The List-Unsubscribe address (RFC 8058): POST unsubscribes at once, GET leads to a page with a button. */
  unsubscribe: '/subscriptions/unsubscribe/',
} as const;

/** The web pages of a mailed link (`s` the subscription, `t` its token). */
export const subscriptionPagePaths = {
  confirm: '/public/subscriptions/confirm',
  unsubscribe: '/public/subscriptions/unsubscribe',
  manage: '/public/subscriptions',
} as const;

export const subscriptionFrequencies = ['immediate', 'daily', 'weekly'] as const;
export type SubscriptionFrequency = (typeof subscriptionFrequencies)[number];
export const subscriptionKinds = ['browse', 'restriction', 'notifications'] as const;
export type SubscriptionKind = (typeof subscriptionKinds)[number];

const ZFrequencySchema = z.enum(subscriptionFrequencies, { error: 'Select a valid frequency.' });

/** A mailed link's pair: the subscription's id and its token. */
export const ZSubscriptionLinkSchema = z.object({
  s: z.coerce
    .number({ error: 'This link is not valid.' })
    .int('This link is not valid.')
    .positive('This link is not valid.')
    .max(2_147_483_647, 'This link is not valid.'),
  t: z.string({ error: 'This link is not valid.' }).regex(/^[\w-]{20,100}$/, 'This link is not valid.'),
});
export type TSubscriptionLink = z.infer<typeof ZSubscriptionLinkSchema>;

/** The same pair, optional: a signed-in user manages their own subscriptions without it. */
export const ZSubscriptionLinkQuerySchema = ZSubscriptionLinkSchema.partial();

/** A browse filter as the browse page's query: short strings only (validated again as the list's query). */
const ZFilterSchema = z
  .record(
    z
      .string()
      .max(40, 'Select a valid filter.')
      .regex(/^[a-z_]+$/, 'Select a valid filter.'),
    z.string().max(200, 'Select a valid filter.'),
  )
  .refine((filter) => Object.keys(filter).length <= 20, 'Select a valid filter.');

/** `POST /api/subscriptions/`: what to follow, how often, in which language; a visitor's address. */
export const ZSubscribeSchema = z
  .object({
    kind: z.enum(subscriptionKinds, { error: 'Select what to follow.' }),
    /** kind browse: the browse page's query. */
    filter: ZFilterSchema.optional(),
    /** kind restriction: the restriction's address (slug). */
    restriction: z
      .string({ error: 'Select a valid restriction.' })
      .trim()
      .min(1, 'Select a valid restriction.')
      .max(200, 'Select a valid restriction.')
      .optional(),
    /** kind notifications: the partner state. */
    country: z
      .string({ error: 'Select a valid country.' })
      .regex(/^[A-Za-z]{2}$/, 'Select a valid country.')
      .transform((code) => code.toUpperCase())
      .optional(),
    frequency: ZFrequencySchema.default('daily'),
    lang: z.enum(supportedLocales, { error: 'Select a valid language.' }).default('en'),
    /** A visitor's address (ignored when signed in). */
    email: ZEmailSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.kind === 'restriction' && !body.restriction)
      context.addIssue({ code: 'custom', path: ['restriction'], message: 'Select a valid restriction.' });
    if (body.kind === 'notifications' && !body.country)
      context.addIssue({ code: 'custom', path: ['country'], message: 'Select a valid country.' });
  });
export type TSubscribe = z.infer<typeof ZSubscribeSchema>;

/** `PATCH /api/subscriptions/{id}/`: a new frequency. */
export const ZSubscriptionChangeSchema = z.object({ frequency: ZFrequencySchema });

export const ZSubscriptionIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Not found.' })
    .int('Not found.')
    .positive('Not found.')
    .max(2_147_483_647, 'Not found.'),
});

/** A subscription as the manage page shows it. */
export interface SubscriptionView {
  id: number;
  kind: SubscriptionKind;
  /** What is followed, in words of the subscription's language. */
  label: string;
  /** The public page of what is followed (path and query). */
  path: string;
  frequency: SubscriptionFrequency;
  lang: 'en' | 'fr';
  confirmed: boolean;
  created_at: string;
}
