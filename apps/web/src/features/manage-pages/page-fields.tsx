import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  linkedPageSlugs,
  pageLayouts,
  pageStatus,
  type TPageTemplateAdminItem,
  type TPageTemplateInput,
} from '@stp/shared';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminFieldsProps } from '../../components/admin/admin-resource.js';
import { BilingualTextField } from '../../components/form/bilingual-text-field.js';
import { FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { BannerField } from './banner-field.js';
import { ContentEditor } from './content-editor.js';
import { FieldPair, FormSection } from './form-section.js';
import { SlidesField } from './slides-field.js';
import { managePagesTexts } from './texts.js';

void managePagesTexts;

const isLinked = (slug: string | undefined) => (linkedPageSlugs as readonly string[]).includes(slug ?? '');

/**
 * The page form: the page (address, titles, menu, status), its template (title, layout), the content
 * in both languages, the banner and the slides.
 */
export function PageFields({
  control,
  readOnly,
  item,
}: AdminFieldsProps<TPageTemplateInput, TPageTemplateAdminItem>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const slug = useWatch({ control, name: 'slug' });
  const linked = isLinked(item?.page?.slug);
  const text = (name: 'title', help?: string) => (
    <FormTextField
      control={control}
      name={name}
      label={t(`managePages.fields.${name}`)}
      helperText={help}
      required
      fullWidth
      slotProps={{ input: { readOnly } }}
    />
  );
  return (
    <>
      <FormSection title={t('managePages.sections.page')} testId="section-page">
        <BilingualTextField
          control={control}
          english="title_en"
          french="title_fr"
          label={t('managePages.fields.page_title')}
          required
          readOnly={readOnly}
        />
        <FieldPair>
          <FormTextField
            control={control}
            name="slug"
            label={t('managePages.fields.slug')}
            helperText={
              linked ? t('managePages.help.linked') : t('managePages.help.slug', { slug: slug || '…' })
            }
            required
            fullWidth
            slotProps={{
              input: { readOnly: readOnly || linked },
              htmlInput: { spellCheck: false, autoCapitalize: 'none' },
            }}
          />
          <FormSelectField
            control={control}
            name="status"
            label={t('managePages.fields.status')}
            options={pageStatus.map((choice) => ({ value: choice.value, label: choice.label[language] }))}
            fullWidth
            slotProps={{ input: { readOnly } }}
          />
        </FieldPair>
        <FieldPair>
          <Controller
            control={control}
            name="show_in_menu"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    disabled={readOnly}
                  />
                }
                label={t('managePages.fields.show_in_menu')}
              />
            )}
          />
          <FormTextField
            control={control}
            name="sort_order"
            type="number"
            label={t('managePages.fields.sort_order')}
            fullWidth
            slotProps={{ input: { readOnly }, htmlInput: { min: 0, max: 9999 } }}
          />
        </FieldPair>
        {item && item.other_pages.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('managePages.help.otherPages', { slugs: item.other_pages.join(', ') })}
          </Typography>
        )}
      </FormSection>
      <FormSection title={t('managePages.sections.template')} testId="section-template">
        <FieldPair>
          {text('title', t('managePages.help.title'))}
          <FormSelectField
            control={control}
            name="layout"
            label={t('managePages.fields.layout')}
            options={pageLayouts.map((value) => ({ value, label: t(`managePages.layouts.${value}`) }))}
            fullWidth
            slotProps={{ input: { readOnly } }}
          />
        </FieldPair>
      </FormSection>
      <FormSection title={t('managePages.sections.content')} testId="section-content">
        <ContentEditor control={control} readOnly={readOnly} />
      </FormSection>
      <FormSection title={t('managePages.sections.banner')} testId="section-banner">
        <BannerField control={control} readOnly={readOnly} />
      </FormSection>
      <FormSection title={t('managePages.sections.slides')} testId="section-slides">
        <SlidesField control={control} readOnly={readOnly} />
      </FormSection>
    </>
  );
}
