import ArrowBack from '@mui/icons-material/ArrowBack';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error.js';
import { LoadError } from '../list/load-error.js';
import { MessageScreen } from '../message-screen.js';
import { ScreenHeading } from '../screen-heading.js';
import type { AdminItem, AdminResourceConfig, Language } from './admin-resource.js';
import { AdminRecordActions } from './admin-record-actions.js';
import { useAdminRecord } from './use-admin.js';
import { AdminFormBody, useAdminForm } from './use-admin-form.js';

/** A tab beside the record's form (history, preview ...); shown once the record exists. */
export interface AdminTab<Item> {
  key: string;
  label: string;
  render: (item: Item) => ReactNode;
}

/**
 * The page of one record (`/auth/manage/{area}/{index}`, `new` to create): the form, the record's
 * actions, and the area's extra tabs; the tab lives in the address.
 */
export function AdminEditScreen<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(props: {
  resource: AdminResourceConfig<Item, S>;
  tabs?: AdminTab<Item>[];
}) {
  const { t } = useTranslation();
  const { index = '' } = useParams();
  const isNew = index === 'new';
  const id = isNew ? null : Number.parseInt(index, 10);
  const valid = isNew || (id !== null && Number.isInteger(id) && id > 0 && String(id) === index);
  const record = useAdminRecord<Item>(props.resource, valid ? id : null);
  const listRoute = props.resource.listRoute ?? '/auth/dashboard';

  const back = (
    <Button component={RouterLink} to={listRoute} startIcon={<ArrowBack aria-hidden />} sx={{ mb: 2 }}>
      {t('admin.backToList', { list: t(props.resource.texts.title) })}
    </Button>
  );
  const missing = !valid || (record.error instanceof ApiError && record.error.status === 404);
  if (missing)
    return (
      <MessageScreen
        icon={<SearchOff />}
        title={t('admin.notFoundTitle')}
        text={t('admin.notFoundText')}
        actions={back}
        testId="admin-not-found"
      />
    );
  if (record.isError && !record.data) return <LoadError onRetry={() => void record.refetch()} />;
  if (!isNew && !record.data)
    return (
      <Box aria-busy data-testid="admin-record-loading">
        {back}
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  return (
    <>
      {back}
      <RecordPage
        key={record.data?.id ?? 'new'}
        {...props}
        item={record.data ?? null}
        listRoute={listRoute}
      />
    </>
  );
}

function RecordPage<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(props: {
  resource: AdminResourceConfig<Item, S>;
  tabs?: AdminTab<Item>[];
  item: Item | null;
  listRoute: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { resource, item } = props;
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  const tabsId = useId();
  const state = useAdminForm(resource, item, (saved) => {
    if (!item && resource.itemRoute) void navigate(resource.itemRoute(saved.id), { replace: true });
  });
  const tabs = item ? (props.tabs ?? []) : [];
  const current = tabs.find((tab) => tab.key === searchParams.get('tab'))?.key ?? 'details';
  const name = item ? resource.label(item, language) : '';

  const form = (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={state.submit}
      aria-busy={state.saving}
      data-testid="admin-form"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <AdminFormBody resource={resource} item={item} state={state} />
      {state.canSave && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button component={RouterLink} to={props.listRoute} disabled={state.saving}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={state.saving} data-testid="admin-save">
            {t('admin.save')}
          </Button>
        </Box>
      )}
    </Paper>
  );

  return (
    <>
      <ScreenHeading title={item ? t(resource.texts.edit, { name }) : t(resource.texts.create)} />
      {item && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
          {item.archived && (
            <Chip color="warning" label={t('admin.archivedChip')} data-testid="archived-chip" />
          )}
          <AdminRecordActions
            resource={resource}
            item={item}
            variant="page"
            name={name}
            onPurged={() => void navigate(props.listRoute, { replace: true })}
          />
        </Box>
      )}
      {tabs.length > 0 && (
        <Tabs
          value={current}
          onChange={(_event, value: string) =>
            setSearchParams(value === 'details' ? {} : { tab: value }, { replace: true })
          }
          aria-label={t('admin.tabsLabel')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2 }}
        >
          <Tab value="details" label={t('admin.details')} id={`${tabsId}-details`} />
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`${tabsId}-${tab.key}`}
              data-testid={`tab-${tab.key}`}
            />
          ))}
        </Tabs>
      )}
      {current === 'details' || !item ? form : tabs.find((tab) => tab.key === current)?.render(item)}
    </>
  );
}
