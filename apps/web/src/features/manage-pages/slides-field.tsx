import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { pageMaxSlides, type TPageTemplateInput } from '@stp/shared';
import { useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/form-fields.js';
import { translateMessage } from '../../i18n/index.js';
import { FieldPair } from './form-section.js';
import { ImageUploadButton } from './image-upload.js';
import { staffImageUrl } from './page-images.js';
import { managePagesTexts } from './texts.js';

void managePagesTexts;

/** The slides: images with captions in both languages, in order (move up/down), and the interval. */
export function SlidesField(props: {
  control: Control<TPageTemplateInput, unknown, unknown>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { control, readOnly } = props;
  const slides = useFieldArray({ control, name: 'slides' });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {slides.fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('managePages.slides.empty')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {slides.fields.map((slide, i) => {
          const index = i + 1;
          const error = control.getFieldState(`slides.${i}.image_key`).error?.message;
          return (
            <Paper
              component="li"
              key={slide.id}
              variant="outlined"
              data-testid="slide-row"
              sx={{
                p: 1.5,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '200px minmax(0, 1fr) auto' },
                alignItems: 'start',
              }}
            >
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  {t('managePages.slides.slide', { index })}
                </Typography>
                <Box
                  component="img"
                  src={staffImageUrl(slide.image_key)}
                  alt={t('managePages.slides.imageAlt', { index })}
                  sx={{
                    width: '100%',
                    aspectRatio: '16 / 6',
                    objectFit: 'cover',
                    borderRadius: 1,
                    display: 'block',
                  }}
                />
                {error && (
                  <Typography variant="body2" color="error" role="alert">
                    {translateMessage(error)}
                  </Typography>
                )}
              </Box>
              <FieldPair>
                {(['caption_en', 'caption_fr'] as const).map((name) => (
                  <FormTextField
                    key={name}
                    control={control}
                    name={`slides.${i}.${name}`}
                    label={t(`managePages.fields.${name}`)}
                    size="small"
                    fullWidth
                    multiline
                    slotProps={{ input: { readOnly }, htmlInput: { lang: name.slice(-2) } }}
                  />
                ))}
              </FieldPair>
              {!readOnly && (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <IconButton
                    aria-label={t('managePages.slides.moveUp', { index })}
                    disabled={i === 0}
                    onClick={() => slides.move(i, i - 1)}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    aria-label={t('managePages.slides.moveDown', { index })}
                    disabled={i === slides.fields.length - 1}
                    onClick={() => slides.move(i, i + 1)}
                  >
                    <ArrowDownward />
                  </IconButton>
                  <IconButton
                    aria-label={t('managePages.slides.remove', { index })}
                    color="error"
                    onClick={() => slides.remove(i)}
                  >
                    <Delete />
                  </IconButton>
                </Box>
              )}
            </Paper>
          );
        })}
      </Box>
      {!readOnly && slides.fields.length < pageMaxSlides && (
        <ImageUploadButton
          label={t('managePages.slides.add')}
          testId="slide-input"
          onUploaded={(upload) => slides.append({ image_key: upload.key, caption_en: '', caption_fr: '' })}
        />
      )}
      <FormTextField
        control={control}
        name="slide_interval"
        type="number"
        label={t('managePages.fields.slide_interval')}
        helperText={t('managePages.help.interval')}
        sx={{ maxWidth: 280 }}
        slotProps={{ input: { readOnly }, htmlInput: { min: 1, max: 120 } }}
      />
    </Box>
  );
}
