import { checkPermission } from '@stp/shared';
import { useMemo } from 'react';
import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import { useSession } from '../../session/session.js';
import { notificationsResource } from './notifications-resource.js';
import { notificationsAdminTexts } from './texts.js';

void notificationsAdminTexts;

/**
 * Manage notifications (spec 2 `/auth/manage/notifications`): open to every signed-in user. Without a
 * notification permission the list is read-only and shows what the public sees (the server narrows it).
 */
export function ManageNotificationsScreen() {
  const user = useSession((state) => state.user);
  const reader = !checkPermission(user, {
    permissions: ['view', 'add', 'change', 'delete'].map((action) => `restrictions.${action}_notification`),
    mode: 'OR',
  });
  const resource = useMemo(
    () =>
      reader
        ? {
            ...notificationsResource,
            archivable: false,
            texts: { ...notificationsResource.texts, intro: 'notificationsAdmin.readerIntro' },
          }
        : notificationsResource,
    [reader],
  );
  return <AdminListScreen resource={resource} />;
}
