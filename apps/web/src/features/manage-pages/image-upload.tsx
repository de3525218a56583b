import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { adminPagesApiPaths, messages, pageImageMaxMb, type TPageImageUpload } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/dialogs/dialogs.js';
import { detectAttachmentType } from '../complaints/attachment-file.js';
import { uploadForm } from '../complaints/upload.js';
import { managePagesTexts } from './texts.js';

void managePagesTexts;

const imageFormats = new Set(['png', 'jpeg', 'gif', 'webp']);
const accept = '.png,.jpg,.jpeg,.webp,.gif';

/** Spec 5's refusals, shown before any byte is sent (in the interface language); the server checks again. */
async function problemOf(file: File, tooLarge: string): Promise<unknown> {
  if (file.size > pageImageMaxMb * 1024 * 1024) return { response: { data: { detail: tooLarge } } };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const format = detectAttachmentType(head, file.name);
  if (!format || !imageFormats.has(format))
    return { response: { data: { title: messages.invalidFileTitle, detail: messages.invalidFile } } };
  return null;
}

/**
 * A button that uploads one page image (banner or slide) with a progress bar, and gives the stored
 * key to the form. Refusals (format, size) show the error dialog with spec 5's texts.
 */
export function ImageUploadButton(props: {
  label: string;
  onUploaded: (upload: TPageImageUpload) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);

  const upload = async (file: File) => {
    const problem = await problemOf(file, t('files.tooLarge', { mbMax: pageImageMaxMb }));
    if (problem) {
      showError(problem);
      return;
    }
    setUploading({ name: file.name, progress: 0 });
    const body = new FormData();
    body.append('attachments', file, file.name);
    try {
      const answer = await uploadForm<TPageImageUpload>(adminPagesApiPaths.images, body, (progress) =>
        setUploading({ name: file.name, progress }),
      );
      if (answer) props.onUploaded(answer);
    } catch (error) {
      showError(error);
    } finally {
      setUploading(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button
        component="label"
        variant="outlined"
        startIcon={<AddPhotoAlternate aria-hidden />}
        disabled={props.disabled || uploading !== null}
      >
        {props.label}
        <input
          hidden
          type="file"
          accept={accept}
          data-testid={props.testId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Button>
      {uploading ? (
        <Box sx={{ width: '100%', maxWidth: 360 }} data-testid="upload-progress">
          <Typography variant="body2" color="text.secondary" id={`${props.testId}-progress`}>
            {t('managePages.images.uploading', { name: uploading.name })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(uploading.progress * 100)}
            aria-labelledby={`${props.testId}-progress`}
          />
        </Box>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('managePages.images.hint')}
        </Typography>
      )}
    </Box>
  );
}
