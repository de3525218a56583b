import './sectors-texts.js';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { restrictionApiPaths, type TSectorTreeItem, type TSectorTreeResponse } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { browsePath } from './browse-params.js';
import { useCatalogueLabels, type Language } from './labels.js';

interface TreeProps {
  items: TSectorTreeItem[];
  open: ReadonlySet<number>;
  toggle: (id: number) => void;
  language: Language;
}

function SectorBranch({ items, open, toggle, language }: TreeProps) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => {
        const name = item.name[language];
        const expanded = open.has(item.id);
        const hasChildren = item.children.length > 0;
        return (
          <Box component="li" key={item.id} data-testid={`sector-${item.slug}`}>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                py: item.level === 1 ? 1 : 0.5,
                pl: (item.level - 1) * 3.5,
                borderBottom: item.level === 1 ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              {hasChildren ? (
                <IconButton
                  size="small"
                  aria-expanded={expanded}
                  aria-label={t(expanded ? 'catalogue.sectors.collapse' : 'catalogue.sectors.expand', {
                    name,
                  })}
                  onClick={() => toggle(item.id)}
                >
                  {expanded ? <ExpandLess /> : <ExpandMore />}
                </IconButton>
              ) : (
                <Box sx={{ width: 34, flexShrink: 0 }} />
              )}
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={browsePath(item.slug)}
                  underline="hover"
                  sx={{
                    fontWeight: item.level === 1 ? 700 : item.level === 2 ? 600 : 400,
                    overflowWrap: 'anywhere',
                  }}
                >
                  <Typography component="span" color="text.secondary" sx={{ mr: 1, fontSize: '0.875em' }}>
                    {item.code}
                  </Typography>
                  {name}
                </Link>
              </Box>
              <Chip
                size="small"
                variant={item.restriction_count ? 'filled' : 'outlined'}
                label={t('catalogue.sectors.count', { count: item.restriction_count })}
                sx={{ flexShrink: 0 }}
              />
            </Box>
            {hasChildren && expanded && (
              <SectorBranch items={item.children} open={open} toggle={toggle} language={language} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function collectIds(items: TSectorTreeItem[]): number[] {
  return items.flatMap((item) => (item.children.length ? [item.id, ...collectIds(item.children)] : []));
}

/** Sectors (`/public/page/sectors`, `/public/about/sectors`): the W/120 tree with restriction counts. */
function SectorsView({ about }: { about: boolean }) {
  const { t } = useTranslation();
  const { language } = useCatalogueLabels();
  const tree = useQuery(apiQuery<TSectorTreeResponse>(restrictionApiPaths.sectorTree));
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const sectors = tree.data?.sectors;
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t(about ? 'catalogue.sectors.aboutTitle' : 'catalogue.sectors.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 820, mb: 3 }}>
        {t('catalogue.sectors.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
        >
          <Typography variant="h2" id="sector-tree-heading" sx={{ fontSize: '1.25rem' }}>
            {t('catalogue.sectors.treeLabel')}
          </Typography>
          {sectors && (
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                onClick={() => setOpen(new Set(collectIds(sectors)))}
                data-testid="expand-all"
              >
                {t('catalogue.sectors.expandAll')}
              </Button>
              <Button size="small" onClick={() => setOpen(new Set())}>
                {t('catalogue.sectors.collapseAll')}
              </Button>
            </Stack>
          )}
        </Stack>
        {tree.data && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('catalogue.sectors.total', { count: tree.data.total })}
          </Typography>
        )}
        {tree.isError ? (
          <Alert
            severity="error"
            action={<Button onClick={() => void tree.refetch()}>{t('list.retry')}</Button>}
          >
            {t('catalogue.sectors.loadError')}
          </Alert>
        ) : sectors ? (
          <Box component="nav" aria-labelledby="sector-tree-heading" data-testid="sector-tree">
            <SectorBranch items={sectors} open={open} toggle={toggle} language={language} />
          </Box>
        ) : (
          <Box aria-busy data-testid="sector-tree-skeleton">
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} height={44} />
            ))}
          </Box>
        )}
      </Paper>
    </>
  );
}

/** Sectors list (`/public/page/sectors`). */
export function SectorsScreen() {
  return <SectorsView about={false} />;
}

/** Sectors under About (`/public/about/sectors`). */
export function AboutSectorsScreen() {
  return <SectorsView about />;
}
