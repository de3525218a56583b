import { adminApiPath, checkPermission, messages, type Paginated } from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../api/api.js';
import { apiQuery, queryClient } from '../../api/query.js';
import type { Query } from '../../api/client.js';
import { confirmThenAct, showSuccess } from '../dialogs/dialogs.js';
import { useSession } from '../../session/session.js';
import type { AdminItem, AdminResourceConfig, Language } from './admin-resource.js';
import { adminTexts } from './texts.js';

void adminTexts;

/** Which API resource and permissions: all the read hooks need of a resource. */
type ResourceKey = Pick<
  AdminResourceConfig<AdminItem, z.ZodType<unknown, FieldValues>>,
  'name' | 'app' | 'model'
>;

/** What the signed-in user may do with a resource: the buttons show only for what the server allows. */
export function useAdminAccess(resource: Pick<ResourceKey, 'app' | 'model'>) {
  const user = useSession((state) => state.user);
  const may = (action: string) =>
    checkPermission(user, { permissions: [`${resource.app}.${action}_${resource.model}`] });
  const staff = Boolean(user && (user.is_staff || user.is_superuser));
  return {
    canAdd: may('add'),
    canChange: may('change'),
    canDelete: may('delete'),
    // The purged records are listed to staff holding the view permission (where the list itself may be
    // open to every signed-in user, as notifications are).
    canViewDeleted: staff && may('view'),
  };
}

/** One page of the resource's list, for the address's query (not fetched while `enabled` is false). */
export function useAdminList<Item extends AdminItem>(resource: ResourceKey, query: Query, enabled = true) {
  return useQuery({
    ...apiQuery<Paginated<Item>>(adminApiPath(resource.name), query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One record of the resource (disabled for a new record). */
export function useAdminRecord<Item extends AdminItem>(resource: ResourceKey, id: number | null) {
  return useQuery({
    ...apiQuery<Item>(adminApiPath(resource.name, id ?? 0)),
    enabled: id !== null,
  });
}

/** Drops every cached list and record of a resource, so the screens read the change. */
function refresh(resource: ResourceKey) {
  const root = adminApiPath(resource.name);
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(root),
  });
}

/** Save, archive, unarchive and purge, each with its confirm and success dialogs (spec 8). */
export function useAdminActions<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(
  resource: AdminResourceConfig<Item, S>,
) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  const name = (item: Item) => resource.label(item, language);

  /** Creates (no id) or changes a record; rejects with the API error so the form shows field errors. */
  async function save(values: z.output<S>, id: number | null): Promise<Item | undefined> {
    const saved = await api.request<Item>(
      id === null ? adminApiPath(resource.name) : adminApiPath(resource.name, id),
      { method: id === null ? 'POST' : 'PUT', body: values as object },
    );
    if (!saved) return undefined;
    queryClient.setQueryData(apiQuery(adminApiPath(resource.name, saved.id)).queryKey, saved);
    void refresh(resource);
    showSuccess(messages.detailsSaved);
    return saved;
  }

  const flag = (item: Item, archived: boolean) =>
    confirmThenAct(
      t(archived ? 'admin.archiveTitle' : 'admin.unarchiveTitle'),
      t(archived ? 'admin.archiveText' : 'admin.unarchiveText', { name: name(item) }),
      async () => {
        const saved = await api.request<Item>(
          adminApiPath(resource.name, item.id, archived ? 'archive' : 'unarchive'),
          { method: 'POST' },
        );
        if (saved) queryClient.setQueryData(apiQuery(adminApiPath(resource.name, item.id)).queryKey, saved);
        await refresh(resource);
        showSuccess(t(archived ? 'admin.archived' : 'admin.unarchived', { name: name(item) }));
        return saved;
      },
    ).catch(() => undefined);

  /** Purges behind the confirm dialog; resolves true once the record is gone. */
  const purge = async (item: Item): Promise<boolean> => {
    const done = await confirmThenAct(
      t('admin.purgeTitle'),
      t('admin.purgeText', { name: name(item) }),
      async () => {
        await api.request(adminApiPath(resource.name, item.id), { method: 'DELETE' });
        queryClient.removeQueries({ queryKey: [adminApiPath(resource.name, item.id)] });
        await refresh(resource);
        showSuccess(t('admin.purged', { name: name(item) }));
        return true;
      },
    ).catch(() => undefined);
    return done === true;
  };

  return {
    save,
    archive: (item: Item) => flag(item, true),
    unarchive: (item: Item) => flag(item, false),
    purge,
  };
}
