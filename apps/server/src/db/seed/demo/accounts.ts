// Demo accounts: one per role of the portal, all with the same documented password.

import { inArray } from 'drizzle-orm';
import type { Executor } from '../../client.js';
import { groups, restrictionAccess, userGroups, users } from '../../schema/index.js';
import { addDays } from './db-utils.js';
import type { DemoAccount } from './types.js';

export const demoPassword = 'Demo-Portal-2026';

export const groupNames = {
  regulators: 'Regulators',
  regional: 'Regional reviewers',
  council: 'Council',
  editors: 'Content editors',
  dataOfficers: 'Data officers',
} as const;

type GroupKey = keyof typeof groupNames;

interface AccountSpec {
  key: AccountKey;
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  countryCode: string | null;
  locale: 'en' | 'fr';
  isStaff: boolean;
  isSuperuser?: boolean;
  darkMode?: boolean;
  phone?: string;
  groups: GroupKey[];
}

export type AccountKey =
  'admin' | 'regulatorKe' | 'regulatorTz' | 'regional' | 'council' | 'editor' | 'trader' | 'commercant';

const specs: AccountSpec[] = [
  {
    key: 'admin',
    email: 'admin@portal.example',
    role: 'Superuser (portal administrator)',
    firstName: 'Portal',
    lastName: 'Administrator',
    countryCode: null,
    locale: 'en',
    isStaff: true,
    isSuperuser: true,
    groups: [],
  },
  {
    key: 'regulatorKe',
    email: 'regulator.ke@portal.example',
    role: 'Regulator (Kenya)',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    countryCode: 'KE',
    locale: 'en',
    isStaff: true,
    phone: '+254 722 418 903',
    groups: ['regulators'],
  },
  {
    key: 'regulatorTz',
    email: 'regulator.tz@portal.example',
    role: 'Regulator (Tanzania)',
    firstName: 'Baraka',
    lastName: 'Mwakyusa',
    countryCode: 'TZ',
    locale: 'en',
    isStaff: true,
    phone: '+255 754 210 388',
    groups: ['regulators'],
  },
  {
    key: 'regional',
    email: 'regional@portal.example',
    role: 'Regional reviewer',
    firstName: 'Jean-Paul',
    lastName: 'Niyonzima',
    countryCode: 'BI',
    locale: 'fr',
    isStaff: true,
    groups: ['regional'],
  },
  {
    key: 'council',
    email: 'council@portal.example',
    role: 'Council member',
    firstName: 'Grace',
    lastName: 'Nakato',
    countryCode: 'UG',
    locale: 'en',
    isStaff: true,
    groups: ['council'],
  },
  {
    key: 'editor',
    email: 'editor@portal.example',
    role: 'Content editor and data officer',
    firstName: 'Eric',
    lastName: 'Mugisha',
    countryCode: 'RW',
    locale: 'en',
    isStaff: true,
    groups: ['editors', 'dataOfficers'],
  },
  {
    key: 'trader',
    email: 'trader@portal.example',
    role: 'Client (trader, Kenya)',
    firstName: 'Amina',
    lastName: 'Odhiambo',
    countryCode: 'KE',
    locale: 'en',
    isStaff: false,
    phone: '+254 712 345678',
    groups: [],
  },
  {
    key: 'commercant',
    email: 'commercant@portal.example',
    role: 'Client (commerçante, Burundi)',
    firstName: 'Claudine',
    lastName: 'Ndayishimiye',
    countryCode: 'BI',
    locale: 'fr',
    isStaff: false,
    darkMode: true,
    phone: '+257 79 412 655',
    groups: [],
  },
];

export interface SeededAccounts {
  ids: Record<AccountKey, number>;
  groupIds: Record<GroupKey, number>;
  accounts: DemoAccount[];
  counts: Record<string, number>;
}

/** The demo accounts with their role and the documented password. */
export function demoAccounts(): DemoAccount[] {
  return specs.map((s) => ({ email: s.email, password: demoPassword, role: s.role }));
}

export async function seedAccounts(
  tx: Executor,
  hashPassword: (password: string) => Promise<string>,
  now: Date,
): Promise<SeededAccounts> {
  const groupRows = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.name, Object.values(groupNames)));
  const groupIds = {} as Record<GroupKey, number>;
  for (const key of Object.keys(groupNames) as GroupKey[]) {
    const row = groupRows.find((g) => g.name === groupNames[key]);
    if (!row) throw new Error(`The base data has no group named '${groupNames[key]}'`);
    groupIds[key] = row.id;
  }

  const ids = {} as Record<AccountKey, number>;
  const memberships: (typeof userGroups.$inferInsert)[] = [];
  for (const [index, spec] of specs.entries()) {
    // Accounts joined over the past year, staff first.
    const joined = addDays(now, -380 + index * 9);
    const [row] = await tx
      .insert(users)
      .values({
        email: spec.email,
        passwordHash: await hashPassword(demoPassword),
        firstName: spec.firstName,
        lastName: spec.lastName,
        displayName: `${spec.firstName} ${spec.lastName}`,
        phone: spec.phone ?? '',
        countryCode: spec.countryCode,
        locale: spec.locale,
        darkMode: spec.darkMode ?? false,
        isStaff: spec.isStaff,
        isSuperuser: spec.isSuperuser ?? false,
        isActive: true,
        emailConfirmedAt: addDays(joined, 0.02),
        dateJoined: joined,
        updatedAt: joined,
      })
      .returning({ id: users.id });
    if (!row) throw new Error(`Could not create ${spec.email}`);
    ids[spec.key] = row.id;
    for (const group of spec.groups) memberships.push({ userId: row.id, groupId: groupIds[group] });
  }
  await tx.insert(userGroups).values(memberships);

  const access: (typeof restrictionAccess.$inferInsert)[] = [
    { groupId: groupIds.dataOfficers, countryCode: 'RW', canEdit: true },
    { groupId: groupIds.dataOfficers, countryCode: 'KE', canEdit: true },
    { userId: ids.regulatorKe, countryCode: 'KE', canEdit: false },
  ];
  await tx.insert(restrictionAccess).values(access);

  return {
    ids,
    groupIds,
    accounts: demoAccounts(),
    counts: { users: specs.length, user_groups: memberships.length, restriction_access: access.length },
  };
}
