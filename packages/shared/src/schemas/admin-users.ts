import { z } from 'zod';
import { adminApiPath, ZAdminListQuerySchema } from './admin.js';
import { ZCountryCodeSchema, ZEmailSchema, ZLocaleSchema, ZPhoneSchema } from './auth.js';
import { maxRecordId, optionalText, requiredName, requiredText } from './fields.js';

/**
 * Users (`auth.view_user`), groups and sessions (superusers) — spec 2 `/auth/admin/users`, `groups`,
 * `sessions`. Users and groups follow the admin resource contract of `admin.ts`; the extra routes are
 * below.
 */
export const adminUsersApiPaths = {
  users: adminApiPath('users'),
  user: (id: number | string) => adminApiPath('users', id),
  /** GET (`auth.view_user`): the group options and the permissions grouped by app and model. */
  userChoices: adminApiPath('users', 'choices'),
  /** POST (`auth.change_user`): mails the user a password reset link. */
  userPasswordReset: (id: number | string) => adminApiPath('users', id, 'password-reset'),
  /** POST (`auth.change_user`): mails an account without a password a fresh invitation link. */
  userInvite: (id: number | string) => adminApiPath('users', id, 'invite'),
  groups: adminApiPath('groups'),
  group: (id: number | string) => adminApiPath('groups', id),
  sessions: adminApiPath('sessions'),
  /** DELETE: ends one session (its `key`). */
  session: (key: string) => adminApiPath('sessions', key),
  /** POST: removes every expired session; answers `{ removed }`. */
  sessionsPurgeExpired: adminApiPath('sessions', 'purge-expired'),
} as const;

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const accountTypes = ['staff', 'client'] as const;
export type TAccountType = (typeof accountTypes)[number];

/** Sorts of the users list. */
export const adminUserSorts = ['email', 'name', 'date_joined', 'last_login'] as const;

/** The users list: search `q` (names, e-mail), account type, active or not, member of a group. */
export const ZAdminUserListQuerySchema = ZAdminListQuerySchema.extend({
  account_type: z.preprocess(blank, z.enum(accountTypes, { error: 'Select a valid choice.' }).optional()),
  active: z.preprocess(blank, z.enum(['true', 'false'], { error: 'Select a valid choice.' }).optional()),
  group: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'Select a valid choice.' })
      .int()
      .positive()
      .max(maxRecordId, 'Select a valid choice.')
      .optional(),
  ),
});
export type TAdminUserListQuery = z.infer<typeof ZAdminUserListQuerySchema>;

const codenameList = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[a-z]+\.[a-z_]+$/, 'Select a valid permission.'),
  )
  .max(500)
  .default([]);

/**
 * Creating (a staff account, invited by mail to set its password) and changing a user. The e-mail
 * address is fixed once the account exists.
 */
export const ZAdminUserInputSchema = z.object({
  email: ZEmailSchema,
  first_name: requiredName(150),
  last_name: requiredName(150),
  phone: ZPhoneSchema.optional().or(z.literal('')).default(''),
  country: z.preprocess(blank, ZCountryCodeSchema.nullable().optional()).transform((value) => value ?? null),
  locale: ZLocaleSchema.default('en'),
  is_active: z.boolean({ error: 'Must be true or false.' }).default(true),
  account_type: z.enum(accountTypes, { error: 'Select a valid choice.' }).default('staff'),
  is_superuser: z.boolean({ error: 'Must be true or false.' }).default(false),
  groups: z
    .array(z.number().int().positive().max(maxRecordId, 'Select a valid choice.'))
    .max(200)
    .default([]),
  permissions: codenameList,
});
export type TAdminUserInput = z.input<typeof ZAdminUserInputSchema>;
export type TAdminUserBody = z.output<typeof ZAdminUserInputSchema>;

/** A user as the admin screens read it. */
export interface TAdminUserItem {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  phone: string;
  country: string | null;
  locale: 'en' | 'fr';
  is_active: boolean;
  account_type: TAccountType;
  is_superuser: boolean;
  groups: { id: number; name: string }[];
  /** Codenames held directly (not through groups). */
  permissions: string[];
  /** False until the holder sets a password from the invitation or confirmation link. */
  has_password: boolean;
  last_login: string | null;
  date_joined: string;
}

/** One permission of the picker. */
export interface TPermissionChoice {
  codename: string;
  action: string;
  name: string;
}

/** The permissions of one model (`auth.user`), as one fieldset of the picker. */
export interface TPermissionModel {
  app: string;
  model: string;
  permissions: TPermissionChoice[];
}

/** What the users and groups forms choose from. */
export interface TAdminUserChoices {
  groups: { id: number; name: string }[];
  /** Ordered by app, then model. */
  permissions: TPermissionModel[];
}

/** Sorts of the groups list. */
export const adminGroupSorts = ['name', 'member_count'] as const;

/** Creating and changing a group: its name, a description and its permissions. */
export const ZAdminGroupInputSchema = z.object({
  name: requiredText(150),
  description: optionalText(500).default(''),
  permissions: codenameList,
});
export type TAdminGroupInput = z.input<typeof ZAdminGroupInputSchema>;
export type TAdminGroupBody = z.output<typeof ZAdminGroupInputSchema>;

/** A group as the admin screens read it. */
export interface TAdminGroupItem {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  member_count: number;
}

export const sessionStates = ['all', 'active', 'expired'] as const;
export const adminSessionSorts = ['created_at', 'last_seen_at', 'expires_at', 'user'] as const;

/** The sessions list: `state` (all, active, expired), `user` (an id), `q` (the user's e-mail or names). */
export const ZAdminSessionListQuerySchema = ZAdminListQuerySchema.omit({ state: true }).extend({
  state: z.preprocess(blank, z.enum(sessionStates, { error: 'Select a valid choice.' }).default('all')),
  user: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'Select a valid choice.' })
      .int()
      .positive()
      .max(maxRecordId, 'Select a valid choice.')
      .optional(),
  ),
});
export type TAdminSessionListQuery = z.infer<typeof ZAdminSessionListQuerySchema>;

/** The path parameter of one session: a public key derived from the stored hash (never the cookie). */
export const ZAdminSessionKeyParamsSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/, 'Not found.'),
});

/** A session as the superuser's list shows it. */
export interface TAdminSessionItem {
  key: string;
  user: { id: number; email: string; name: string };
  ip: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  expired: boolean;
  /** The session of the superuser looking at the list. */
  current: boolean;
}

/** What the bulk removal answers. */
export interface TAdminSessionsPurged {
  removed: number;
}

/** The refusals of this area; the web app translates them. */
export const adminUserTexts = {
  emailTaken: 'A user with this e-mail address already exists.',
  emailFixed: 'The e-mail address of an existing account cannot be changed.',
  ownSuperuser: 'You cannot remove your own superuser status.',
  ownActive: 'You cannot deactivate your own account.',
  ownAccountType: 'You cannot turn your own account into a client account.',
  superuserOnly: 'Only a superuser can grant or remove superuser status.',
  superuserAccount: 'Only a superuser can change a superuser account.',
  grantBeyondOwn: 'You can only grant permissions you hold yourself.',
  unknownGroup: 'Select a valid group.',
  unknownPermission: 'Select a valid permission.',
  notPurged:
    'User accounts are not deleted: deactivate the account instead, so the audit log keeps who made each change.',
  inactive: 'This account is inactive. Activate it before sending it a link.',
  hasPassword: 'This account already has a password. Send a password reset instead.',
  groupTaken: 'A group with this name already exists.',
  resetSent: 'A password reset link has been sent to the user.',
  invitationSent: 'A new invitation has been sent to the user.',
  ownSession: 'This is your own current session. Sign out to end it.',
} as const;
