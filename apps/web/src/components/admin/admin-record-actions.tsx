import Archive from '@mui/icons-material/ArchiveOutlined';
import DeleteForever from '@mui/icons-material/DeleteForeverOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Unarchive from '@mui/icons-material/UnarchiveOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminItem, AdminResourceConfig } from './admin-resource.js';
import { useAdminAccess, useAdminActions } from './use-admin.js';

interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  color?: 'warning' | 'error';
  run: () => unknown;
}

/**
 * A record's actions, each shown only when the user holds its permission: open (edit, or view when
 * read-only), archive or unarchive, purge (behind the confirm dialog). Icons in a list row, buttons on
 * the record's own page.
 */
export function AdminRecordActions<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(props: {
  resource: AdminResourceConfig<Item, S>;
  item: Item;
  variant: 'row' | 'page';
  /** Opens the record (row variant only). */
  onOpen?: () => void;
  onPurged?: () => void;
  name: string;
}) {
  const { t } = useTranslation();
  const { resource, item } = props;
  const access = useAdminAccess(resource);
  const actions = useAdminActions(resource);
  const list: Action[] = [];
  if (props.onOpen)
    list.push({
      key: 'open',
      label: access.canChange ? t('admin.edit') : t('admin.view'),
      icon: access.canChange ? <Edit aria-hidden /> : <Visibility aria-hidden />,
      run: props.onOpen,
    });
  if (resource.archivable && access.canChange)
    list.push(
      item.archived
        ? {
            key: 'unarchive',
            label: t('admin.unarchive'),
            icon: <Unarchive aria-hidden />,
            run: () => actions.unarchive(item),
          }
        : {
            key: 'archive',
            label: t('admin.archive'),
            icon: <Archive aria-hidden />,
            color: 'warning',
            run: () => actions.archive(item),
          },
    );
  if (access.canDelete)
    list.push({
      key: 'purge',
      label: t('admin.purge'),
      icon: <DeleteForever aria-hidden />,
      color: 'error',
      run: async () => {
        if (await actions.purge(item)) props.onPurged?.();
      },
    });

  if (props.variant === 'row')
    return (
      // On a phone at most three icons share a line; more wrap instead of pushing the table sideways.
      <Stack
        direction="row"
        sx={{
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          gap: 0.5,
          maxWidth: { xs: 112, sm: 'none' },
          ml: 'auto',
        }}
      >
        {list.map((action) => (
          <IconButton
            key={action.key}
            size="small"
            color={action.color}
            onClick={() => void action.run()}
            aria-label={`${action.label}: ${props.name}`}
            title={action.label}
            data-testid={`row-${action.key}`}
          >
            {action.icon}
          </IconButton>
        ))}
      </Stack>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="record-actions">
      {list.map((action) => (
        <Button
          key={action.key}
          variant="outlined"
          color={action.color}
          startIcon={action.icon}
          onClick={() => void action.run()}
          data-testid={action.key}
        >
          {action.label}
        </Button>
      ))}
    </Stack>
  );
}
