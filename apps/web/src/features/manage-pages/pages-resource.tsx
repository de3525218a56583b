import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  adminPagesApiPaths,
  pageLayouts,
  pageStatus,
  ZPageTemplateInputSchema,
  type TPageTemplateAdminItem,
} from '@stp/shared';
import type { AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { formatDate } from '../../lib/format.js';
import { PageFields } from './page-fields.js';
import { managePagesTexts } from './texts.js';
import { breakAfter } from '../../components/text-breaks.js';

void managePagesTexts;

const statusLabel = (value: string, language: 'en' | 'fr') =>
  pageStatus.find((choice) => choice.value === value)?.label[language] ?? value;

/**
 * Pages and page templates (spec 2 `/auth/manage/pages`, `core.view_pagetemplate`): one record is a
 * template with the page that publishes it, edited on its own page (`/auth/manage/pages/{index}`).
 */
export const pagesResource: AdminResourceConfig<TPageTemplateAdminItem, typeof ZPageTemplateInputSchema> = {
  name: adminPagesApiPaths.resource,
  app: 'core',
  model: 'pagetemplate',
  texts: {
    title: 'routes.pages',
    intro: 'managePages.intro',
    create: 'managePages.create',
    edit: 'managePages.edit',
    caption: 'managePages.caption',
    empty: 'managePages.empty',
  },
  label: (item, language) => (language === 'fr' ? item.page?.title_fr : item.page?.title_en) || item.title,
  columns: (t, language) => [
    {
      key: 'title',
      label: t('managePages.fields.title'),
      sortKey: 'title',
      render: (item) => (
        <Box>
          <Box sx={{ fontWeight: 500 }}>{item.title}</Box>
          <Box sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {item.page ? breakAfter(item.page.public_path, '/') : t('managePages.noPage')}
          </Box>
        </Box>
      ),
    },
    {
      key: 'layout',
      label: t('managePages.fields.layout'),
      sortKey: 'layout',
      hideBelow: 'sm',
      render: (item) => t(`managePages.layouts.${item.layout}`),
    },
    {
      key: 'status',
      label: t('managePages.fields.status'),
      sortKey: 'status',
      render: (item) => (
        <Chip
          size="small"
          variant={item.status === 'published' ? 'filled' : 'outlined'}
          color={item.status === 'published' ? 'success' : 'default'}
          label={statusLabel(item.status, language)}
        />
      ),
    },
    {
      key: 'updated_at',
      label: t('managePages.updatedOn'),
      sortKey: 'updated_at',
      hideBelow: 'sm',
      render: (item) => formatDate(item.updated_at, language),
    },
  ],
  filters: (t, language) => [
    {
      key: 'status',
      label: t('managePages.fields.status'),
      options: pageStatus.map((choice) => ({ value: choice.value, label: choice.label[language] })),
    },
    {
      key: 'layout',
      label: t('managePages.fields.layout'),
      options: pageLayouts.map((value) => ({ value, label: t(`managePages.layouts.${value}`) })),
    },
  ],
  defaultSort: '-updated_at',
  archivable: true,
  schema: ZPageTemplateInputSchema,
  emptyValues: {
    title: '',
    layout: 'standard',
    status: 'draft',
    content_en: '',
    content_fr: '',
    banner_key: null,
    banner_attachment: 'scroll',
    slide_interval: 5,
    slides: [],
    slug: '',
    title_en: '',
    title_fr: '',
    show_in_menu: false,
    sort_order: 0,
  },
  toFormValues: (item) => ({
    title: item.title,
    layout: item.layout,
    status: item.status as 'draft' | 'published',
    content_en: item.content_en,
    content_fr: item.content_fr,
    banner_key: item.banner_key,
    banner_attachment: item.banner_attachment,
    slide_interval: item.slide_interval,
    slides: item.slides.map((slide) => ({
      image_key: slide.image_key,
      caption_en: slide.caption_en,
      caption_fr: slide.caption_fr,
    })),
    slug: item.page?.slug ?? '',
    title_en: item.page?.title_en ?? item.title,
    title_fr: item.page?.title_fr ?? item.title,
    show_in_menu: item.page?.show_in_menu ?? false,
    sort_order: item.page?.sort_order ?? 0,
  }),
  Fields: PageFields,
  itemRoute: (id) => `/auth/manage/pages/${id}`,
  listRoute: '/auth/manage/pages',
};
