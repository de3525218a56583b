import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TOpenDataDataset, TOpenDataField } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import './texts.js';

const codeSx = { fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere' } as const;

/** What bounds a column's values besides its type: a range or a pattern. */
function Bounds({ field }: { field: TOpenDataField }) {
  const { t } = useTranslation();
  const { minimum, maximum, pattern } = field;
  const text =
    minimum !== undefined && maximum !== undefined
      ? t('openData.range', { minimum, maximum })
      : minimum !== undefined
        ? t('openData.atLeast', { minimum })
        : null;
  return (
    <>
      {text && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {text}
        </Typography>
      )}
      {pattern && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('openData.pattern')}{' '}
          <Box component="code" sx={codeSx}>
            {pattern}
          </Box>
        </Typography>
      )}
    </>
  );
}

/** A column's allowed values, each with its meaning in the interface language. */
function AllowedValues({ field, lang }: { field: TOpenDataField; lang: 'en' | 'fr' }) {
  const { t } = useTranslation();
  if (!field.values) return null;
  return (
    <>
      <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
        {t('openData.allowed')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {field.values.map((choice) => (
          <Typography component="li" variant="body2" key={choice.value}>
            <Box component="code" sx={codeSx}>
              {choice.value}
            </Box>
            {' – '}
            {choice.label[lang]}
          </Typography>
        ))}
      </Box>
    </>
  );
}

/**
 * A dataset's data dictionary, as the server defines it (modules/open-data/dictionary.ts): each column's
 * name, type, meaning and allowed values, folded under a summary the reader opens.
 */
export function DictionaryTable({ dataset, lang }: { dataset: TOpenDataDataset; lang: 'en' | 'fr' }) {
  const { t } = useTranslation();
  const summary = t('openData.dictionary', { count: dataset.fields.length });
  return (
    <Box component="details" data-testid={`dictionary-${dataset.id}`} sx={{ mt: 2 }}>
      <Box
        component="summary"
        sx={{ cursor: 'pointer', fontWeight: 600, color: 'primary.main', py: 0.5, width: 'fit-content' }}
      >
        {summary}
      </Box>
      <Table size="small" sx={{ mt: 1, tableLayout: 'fixed', width: '100%' }}>
        <caption style={visuallyHidden}>{`${summary}. ${dataset.title[lang]}`}</caption>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: { xs: '42%', sm: '32%' } }}>{t('openData.column')}</TableCell>
            <TableCell>{t('openData.meaning')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {dataset.fields.map((field) => (
            <TableRow key={field.name} data-testid="dictionary-field">
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Box component="code" data-testid="field-name" sx={{ ...codeSx, fontWeight: 600 }}>
                  {field.name}
                </Box>
                <Typography variant="body2" color="text.secondary" data-testid="field-type">
                  {t(`openData.type.${field.type}`)}
                  {field.nullable && `, ${t('openData.nullable')}`}
                </Typography>
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {field.description[lang]}
                <Bounds field={field} />
                <AllowedValues field={field} lang={lang} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
