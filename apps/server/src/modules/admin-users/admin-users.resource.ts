import {
  adminUserTexts,
  ZAdminUserInputSchema,
  ZAdminUserListQuerySchema,
  type TAdminUserBody,
  type TAdminUserItem,
  type TAdminUserListQuery,
} from '@stp/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AdminResource } from '../../admin/admin-resource.js';
import { searchAny } from '../../admin/search.js';
import type { UserRow } from '../../auth/principal.js';
import { issueUserToken } from '../../auth/user-tokens.js';
import { userGroups, users } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';
import { sendInvitation, type MailContext } from './admin-users.mails.js';
import { presentAdminUsers } from './admin-users.presenter.js';
import { checkUserChange, writeUserLinks } from './admin-users.service.js';

/**
 * Users (spec 2 `/auth/admin/users`, `auth.view_user`; add/change to act). A new account has no
 * password: it is mailed an invitation to choose one, queued in the creating transaction, so the account
 * and its invitation commit together (the outbox sends it). Accounts are deactivated, never archived.
 */
export function usersResource(mail: MailContext): AdminResource<UserRow, TAdminUserBody, TAdminUserItem> {
  return {
    name: 'users',
    app: 'auth',
    model: 'user',
    table: users,
    id: users.id,
    listQuery: ZAdminUserListQuerySchema,
    where: (raw) => {
      const query = raw as TAdminUserListQuery;
      return [
        searchAny(query.q, [
          users.email,
          users.firstName,
          users.lastName,
          users.displayName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
        ]),
        query.account_type ? eq(users.isStaff, query.account_type === 'staff') : undefined,
        query.active ? eq(users.isActive, query.active === 'true') : undefined,
        query.group
          ? inArray(
              users.id,
              sql`(select ${userGroups.userId} from ${userGroups} where ${userGroups.groupId} = ${query.group})`,
            )
          : undefined,
      ];
    },
    sorts: {
      email: sql`lower(${users.email})`,
      name: sql`lower(${users.lastName} || ' ' || ${users.firstName})`,
      date_joined: users.dateJoined,
      last_login: users.lastLogin,
    },
    defaultSort: 'email',
    input: ZAdminUserInputSchema,
    async values(input, context) {
      await checkUserChange(context.tx, input, context);
      return {
        ...(context.before ? {} : { email: input.email }),
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone ?? '',
        countryCode: input.country,
        locale: input.locale,
        isActive: input.is_active,
        isStaff: input.account_type === 'staff',
        isSuperuser: input.is_superuser,
      };
    },
    present: (db, rows) => presentAdminUsers(db, rows),
    async afterWrite(row, input, context) {
      await writeUserLinks(context.tx, row, input);
      if (!context.before && row.isActive)
        await sendInvitation(mail, context.tx, row, await issueUserToken(context.tx, row.id, 'invite'));
    },
    onDuplicate: async () => validationFailed({ email: adminUserTexts.emailTaken }),
  };
}
