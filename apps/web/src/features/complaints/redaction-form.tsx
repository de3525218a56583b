import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  confidentialityApiPaths,
  redactedMark,
  type TComplaintDetail,
  type TRedactableField,
} from '@stp/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { confirmThenAct, showSuccess } from '../../components/dialogs/dialogs.js';
import { formatDateTime } from '../../lib/format.js';
import { addPassage, redactPreview, type Passage } from './redaction-passages.js';
import './confidentiality-texts.js';

const fields: { field: TRedactableField; label: string }[] = [
  { field: 'brief_description', label: 'confidentiality.fieldBrief' },
  { field: 'details_of_occurrence', label: 'confidentiality.fieldDetails' },
];

/**
 * The applicant marks passages of their own text (selected in the read-only fields) and redacts them,
 * before review starts; afterwards it only says so. The preview shows the text as it will be kept.
 */
export function RedactionForm({
  complaint,
  onChanged,
}: {
  complaint: TComplaintDetail;
  onChanged: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [passages, setPassages] = useState<Passage[]>([]);
  const [hint, setHint] = useState('');
  // The selection is read from the field when "Mark" is chosen: a text field keeps it after losing focus.
  const inputs = useRef<Partial<Record<TRedactableField, HTMLTextAreaElement | null>>>({});
  const lastField = useRef<TRedactableField | null>(null);
  const texts: Record<TRedactableField, string> = {
    brief_description: complaint.brief_description,
    details_of_occurrence: complaint.details_of_occurrence,
  };

  const redactedOn = complaint.redacted_at && (
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="redacted-on">
      {t('confidentiality.redactedOn', { date: formatDateTime(complaint.redacted_at, i18n.language) })}
    </Typography>
  );
  if (!complaint.can_redact) {
    return (
      <Box sx={{ mt: 2 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
          {t('confidentiality.redactTitle')}
        </Typography>
        <Typography variant="body2" data-testid="redaction-closed">
          {t('confidentiality.redactClosed')}
        </Typography>
        {redactedOn}
      </Box>
    );
  }

  const selected = (): Passage | null => {
    const field = lastField.current;
    const input = field ? inputs.current[field] : null;
    if (!field || !input || input.selectionStart >= input.selectionEnd) return null;
    return { field, start: input.selectionStart, end: input.selectionEnd };
  };
  const mark = () => {
    const chosen = selected();
    if (!chosen) {
      setHint(t('confidentiality.nothingSelected'));
      return;
    }
    setHint('');
    setPassages((current) => addPassage(current, chosen));
  };
  const apply = () =>
    confirmThenAct(t('confidentiality.confirmTitle'), t('confidentiality.confirmText'), async () => {
      const answer = await api.request(confidentialityApiPaths.redact(complaint.slug), {
        method: 'POST',
        body: { version: complaint.version, passages },
      });
      if (answer === undefined) return;
      setPassages([]);
      await onChanged();
      showSuccess(t('confidentiality.redacted'));
    }).catch(() => undefined);

  return (
    <Box component="section" aria-labelledby="redaction-title" sx={{ mt: 2 }} data-testid="redaction-form">
      <Typography id="redaction-title" variant="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {t('confidentiality.redactTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('confidentiality.redactIntro')}
      </Typography>
      <Stack spacing={2}>
        {fields.map(({ field, label }) => (
          <TextField
            key={field}
            label={t(label)}
            value={texts[field]}
            multiline
            fullWidth
            minRows={field === 'brief_description' ? 1 : 3}
            inputRef={(input: HTMLTextAreaElement | null) => {
              inputs.current[field] = input;
            }}
            onFocus={() => {
              lastField.current = field;
            }}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': `redact-${field}` } }}
          />
        ))}
        <Box>
          <Button variant="outlined" onClick={mark} aria-describedby="redaction-hint">
            {t('confidentiality.mark')}
          </Button>
          <Typography id="redaction-hint" role="status" variant="body2" sx={{ mt: 0.5, minHeight: '1.5em' }}>
            {hint}
          </Typography>
        </Box>
        {passages.length > 0 && (
          <>
            <Box>
              <Typography variant="body2" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('confidentiality.marked')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="marked-passages">
                {passages.map((passage) => {
                  const text = texts[passage.field].slice(passage.start, passage.end);
                  return (
                    <Chip
                      key={`${passage.field}-${passage.start}`}
                      label={text}
                      onDelete={() => setPassages((current) => current.filter((item) => item !== passage))}
                      aria-label={t('confidentiality.remove', { text })}
                    />
                  );
                })}
              </Stack>
            </Box>
            <Box data-testid="redaction-preview">
              <Typography variant="body2" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('confidentiality.preview')}
              </Typography>
              {fields.map(({ field, label }) => (
                <Typography
                  key={field}
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  <strong>{t(label)}</strong>
                  {' — '}
                  {redactPreview(texts[field], passages, field, redactedMark)}
                </Typography>
              ))}
            </Box>
            <Box>
              <Button variant="contained" color="warning" onClick={() => void apply()}>
                {t('confidentiality.apply', { count: passages.length })}
              </Button>
            </Box>
          </>
        )}
      </Stack>
      {redactedOn}
    </Box>
  );
}
