import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { reportDisplayTypes, type TReportAdminItem } from '@stp/shared';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useController, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminFieldsProps } from '../../components/admin/admin-resource.js';
import { BilingualTextField } from '../../components/form/bilingual-text-field.js';
import { FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import type { ReportFormValues } from './report-form-values.js';
import { ReportParamsFields } from './report-params-fields.js';
import { TagPicker } from './tag-picker.js';
import { reportsAdminTexts } from './texts.js';

void reportsAdminTexts;

// The public renderer and its charts load with the form, never with the list or the home page.
const ReportPreview = lazy(() => import('./report-preview.js'));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5, p: 0 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The live preview, fed with what the form holds right now. */
function LivePreview({ control }: { control: Control<ReportFormValues, unknown, unknown> }) {
  const { t, i18n } = useTranslation();
  const fr = i18n.language === 'fr';
  const [displayType, displayHeight, params, titleEn, titleFr, descriptionEn, descriptionFr] = useWatch({
    control,
    name: [
      'display_type',
      'display_height',
      'params',
      'title_en',
      'title_fr',
      'description_en',
      'description_fr',
    ],
  });
  return (
    <Box sx={{ position: { md: 'sticky' }, top: { md: 0 }, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('reportsAdmin.reports.preview.title')}
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
        <ReportPreview
          input={{
            displayType,
            displayHeight: Number(displayHeight),
            params,
            title: (fr ? titleFr : titleEn) || titleEn,
            description: (fr ? descriptionFr : descriptionEn) || descriptionEn,
          }}
        />
      </Suspense>
    </Box>
  );
}

function FeaturedSwitch({
  control,
  readOnly,
}: {
  control: Control<ReportFormValues, unknown, unknown>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'featured' });
  const helpId = useId();
  return (
    <FormControlLabel
      control={
        <Switch
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          disabled={readOnly}
          slotProps={{ input: { 'aria-describedby': helpId } }}
        />
      }
      label={
        <>
          {t('reportsAdmin.reports.fields.featured')}
          <Typography
            id={helpId}
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
          >
            {t('reportsAdmin.reports.featuredHelp')}
          </Typography>
        </>
      }
    />
  );
}

/** The report form: texts, display, tags and params on one side, the live preview on the other. */
export function ReportFields(props: AdminFieldsProps<never, TReportAdminItem>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const control = props.control as unknown as Control<ReportFormValues, unknown, unknown>;
  const form = props.form as unknown as UseFormReturn<ReportFormValues, unknown, unknown>;
  const { readOnly } = props;
  const input = { readOnly };
  const label = (name: string) => t(`reportsAdmin.reports.fields.${name}`);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <Section title={t('reportsAdmin.reports.sectionText')}>
          <BilingualTextField
            control={control}
            english="title_en"
            french="title_fr"
            label={label('title')}
            required
            readOnly={readOnly}
          />
          <BilingualTextField
            control={control}
            english="description_en"
            french="description_fr"
            label={label('description')}
            rows={2}
            readOnly={readOnly}
          />
        </Section>
        <Section title={t('reportsAdmin.reports.sectionDisplay')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            <FormSelectField
              control={control}
              name="display_type"
              label={label('display_type')}
              required
              options={reportDisplayTypes.map((choice) => ({
                value: choice.value,
                label: choice.label[language],
              }))}
              slotProps={{ input, htmlInput: { 'data-testid': 'field-display_type' } }}
            />
            <FormTextField
              control={control}
              name="index"
              type="number"
              label={label('index')}
              helperText={t('reportsAdmin.reports.indexHelp')}
              slotProps={{ input, htmlInput: { min: 0, max: 9999 } }}
            />
            <FormTextField
              control={control}
              name="display_height"
              type="number"
              label={label('display_height')}
              helperText={t('reportsAdmin.reports.heightHelp')}
              slotProps={{ input, htmlInput: { min: 80, max: 2000, 'data-testid': 'field-display_height' } }}
            />
          </Box>
          <TagPicker control={control} name="tag_ids" readOnly={readOnly} current={props.item?.tags ?? []} />
          <FeaturedSwitch control={control} readOnly={readOnly} />
        </Section>
        <Section title={t('reportsAdmin.reports.sectionParams')}>
          <ReportParamsFields control={control} form={form} readOnly={readOnly} />
        </Section>
      </Box>
      <LivePreview control={control} />
    </Box>
  );
}
