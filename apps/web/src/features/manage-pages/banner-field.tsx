import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { bannerAttachments, type TPageTemplateInput } from '@stp/shared';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../components/form/form-fields.js';
import { translateMessage } from '../../i18n/index.js';
import { ImageUploadButton } from './image-upload.js';
import { staffImageUrl } from './page-images.js';
import { managePagesTexts } from './texts.js';

void managePagesTexts;

/** The banner: its image (upload, replace, remove) and how it behaves while the page scrolls. */
export function BannerField(props: {
  control: Control<TPageTemplateInput, unknown, unknown>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: props.control, name: 'banner_key' });
  const key = field.value ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {key ? (
        <Box
          component="img"
          src={staffImageUrl(key)}
          alt={t('managePages.images.bannerAlt')}
          data-testid="banner-image"
          sx={{
            width: '100%',
            maxWidth: 560,
            aspectRatio: '16 / 5',
            objectFit: 'cover',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="banner-none">
          {t('managePages.images.none')}
        </Typography>
      )}
      {fieldState.error?.message && (
        <Typography variant="body2" color="error" role="alert">
          {translateMessage(fieldState.error.message)}
        </Typography>
      )}
      {!props.readOnly && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
          <ImageUploadButton
            label={key ? t('managePages.images.replace') : t('managePages.images.choose')}
            testId="banner-input"
            onUploaded={(upload) => field.onChange(upload.key)}
          />
          {key && (
            <Button
              color="error"
              startIcon={<Delete aria-hidden />}
              onClick={() => field.onChange(null)}
              data-testid="banner-remove"
            >
              {t('managePages.images.remove')}
            </Button>
          )}
        </Box>
      )}
      <FormSelectField
        control={props.control}
        name="banner_attachment"
        label={t('managePages.fields.banner_attachment')}
        options={bannerAttachments.map((value) => ({ value, label: t(`managePages.attachments.${value}`) }))}
        sx={{ maxWidth: 360 }}
        slotProps={{ input: { readOnly: props.readOnly } }}
      />
    </Box>
  );
}
