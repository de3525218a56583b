import AttachFile from '@mui/icons-material/AttachFileOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { messages } from '@stp/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/dialogs/dialogs.js';
import { translateMessage } from '../../i18n/index.js';
import { useAppData } from '../../session/app-data.js';
import { attachmentAccept, checkAttachmentFile, formatFileSize } from './attachment-file.js';

export interface AttachmentPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  /** The share of the upload sent (0 to 1) while a form is being sent; null otherwise. */
  progress: number | null;
  disabled?: boolean;
  /** A server message about the files (422 on `attachments`). */
  error?: string;
  label: string;
}

/** The "Invalid File" dialog of spec 5, as the shared error dialog. */
function showInvalidFile(): void {
  showError({ response: { data: { title: messages.invalidFileTitle, detail: messages.invalidFile } } });
}

/**
 * Supporting documentation: several files, each checked in the browser before it joins the list (size
 * limit, then format by its first bytes), listed with name, size and a remove button, and the upload's
 * progress while the form is sent.
 */
export function AttachmentPicker(props: AttachmentPickerProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const mbMax = useAppData((state) => state.constants?.limits.uploadMaxMb ?? null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const chosen = Array.from(input.files ?? []);
    input.value = '';
    setTooLarge(null);
    const accepted: File[] = [];
    for (const file of chosen) {
      const problem = await checkAttachmentFile(file, mbMax);
      if (problem === 'tooLarge' && mbMax !== null) {
        setTooLarge(t('files.tooLarge', { mbMax }));
        continue;
      }
      if (problem === 'invalid') {
        showInvalidFile();
        continue;
      }
      accepted.push(file);
    }
    if (accepted.length > 0) props.onChange([...props.files, ...accepted]);
  };

  // The server speaks English: its refusal is shown in the interface language when en.json knows it.
  const message = tooLarge ?? (props.error ? translateMessage(props.error) : undefined);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <Button
        component="label"
        variant="outlined"
        startIcon={<AttachFile aria-hidden />}
        disabled={props.disabled}
        data-testid="attachments-add"
      >
        {t('complaints.form.addFiles')}
        <input
          id={inputId}
          type="file"
          multiple
          hidden
          accept={attachmentAccept}
          aria-describedby={helpId}
          onChange={(event) => void choose(event)}
          data-testid="attachments-input"
        />
      </Button>
      <FormHelperText id={helpId} error={Boolean(message)} data-testid="attachments-help">
        {message ?? (mbMax !== null ? t('complaints.form.filesHelp', { mbMax }) : null)}
      </FormHelperText>
      {props.files.length > 0 && (
        <List dense aria-label={t('complaints.form.chosenFiles')} data-testid="attachments-list">
          {props.files.map((file, index) => (
            <ListItem
              key={`${file.name}-${file.size}-${index}`}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('complaints.form.removeFile', { name: file.name })}
                  onClick={() => props.onChange(props.files.filter((_, other) => other !== index))}
                  disabled={props.disabled}
                >
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <InsertDriveFile aria-hidden />
              </ListItemIcon>
              <ListItemText
                primary={file.name}
                secondary={formatFileSize(file.size, i18n.language)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {props.progress !== null && (
        <Box sx={{ mt: 1 }} data-testid="upload-progress">
          <LinearProgress
            variant="determinate"
            value={Math.round(props.progress * 100)}
            aria-label={t('complaints.form.uploading')}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
            {t('complaints.form.uploadProgress', { percent: Math.round(props.progress * 100) })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
