import './texts.js';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@stp/shared';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/dialogs/dialogs.js';
import { checkImageFile, imageAccept } from './image-file.js';

/** The avatar change waiting for Save: a new file, a removal, or nothing. */
export interface AvatarChoice {
  file: File | null;
  /** The chosen file as a data URL, shown until Save. */
  preview: string | null;
  removed: boolean;
}

export const noAvatarChoice: AvatarChoice = { file: null, preview: null, removed: false };

interface AvatarPickerProps {
  /** The stored avatar's address (the profile's `avatar`), or null. */
  current: string | null;
  /** Who the avatar is of: its initials stand in when there is no picture. */
  name: string;
  email: string;
  /** The upload limit in MB (constants `limits.uploadMaxMb`); unknown when the constants did not load. */
  mbMax: number | null;
  choice: AvatarChoice;
  onChange: (choice: AvatarChoice) => void;
  disabled?: boolean;
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The chosen file as a data URL, for the preview (no object URL to release afterwards). */
function readPreview(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/** The avatar of the Profile screen: the picture, an upload button checked in the browser, and Remove. */
export function AvatarPicker({ current, name, email, mbMax, choice, onChange, disabled }: AvatarPickerProps) {
  const { t } = useTranslation();
  const shown = choice.preview ?? (choice.removed ? null : current);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    input.value = '';
    if (!file) return;
    const problem = await checkImageFile(file, mbMax);
    if (problem === 'invalid') {
      showError({ response: { data: { title: messages.invalidFileTitle, detail: messages.invalidFile } } });
    } else if (problem === 'tooLarge') {
      showError({ response: { data: { detail: t('files.tooLarge', { mbMax }) } } });
    } else {
      onChange({ file, preview: await readPreview(file), removed: false });
    }
  };

  const canRemove = choice.file !== null || (current !== null && !choice.removed);
  const remove = () => onChange(choice.file ? noAvatarChoice : { ...noAvatarChoice, removed: true });

  let status: string | null = null;
  if (choice.file) status = t('profile.photoChosen', { name: choice.file.name });
  else if (choice.removed) status = t('profile.photoRemoved');

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 2, sm: 3 }}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Avatar
        src={shown ?? undefined}
        alt={shown ? t('profile.avatarAlt') : undefined}
        sx={{ width: 96, height: 96, fontSize: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        data-testid="profile-avatar"
      >
        {initials(name || email) || undefined}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name || email}
        </Typography>
        {name && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {email}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={<PhotoCamera />}
            disabled={disabled}
          >
            {shown ? t('profile.change') : t('profile.upload')}
            <input
              type="file"
              accept={imageAccept}
              hidden
              disabled={disabled}
              onChange={(event) => void choose(event)}
              data-testid="avatar-input"
            />
          </Button>
          {canRemove && (
            <Button
              variant="text"
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={remove}
              disabled={disabled}
              data-testid="avatar-remove"
            >
              {choice.file ? t('profile.cancelPhoto') : t('profile.remove')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
          {status ?? (mbMax === null ? t('profile.photoHelpNoLimit') : t('profile.photoHelp', { mbMax }))}
        </Typography>
      </Box>
    </Stack>
  );
}
