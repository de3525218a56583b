import Sms from '@mui/icons-material/Sms';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { contentApiPaths, type TSmsHowToCountry } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { useSession } from '../../session/session.js';
import { useBilingual } from './bilingual.js';
import { LoadError } from './load-states.js';
import { SmsGuide } from './sms-guide.js';
import './texts.js';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

const codeSx = {
  fontFamily: 'monospace',
  fontSize: '1rem',
  bgcolor: 'action.hover',
  px: 1,
  py: 0.5,
  borderRadius: 1,
  overflowWrap: 'anywhere',
} as const;

/** An `sms:` address: the short code, the message started with the keyword (RFC 5724). */
function smsHref(shortCode: string, keyword: string): string {
  const number = encodeURIComponent(shortCode.replace(/\s+/g, ''));
  return keyword ? `sms:${number}?body=${encodeURIComponent(keyword)}` : `sms:${number}`;
}

/** The number, keyword, instructions and example messages of one country, or the spec's "not yet" text. */
function CountryInstructions({ service }: { service: TSmsHowToCountry }) {
  const { t } = useTranslation();
  const text = useBilingual();
  if (!service.active)
    return (
      <Alert severity="info" data-testid="sms-inactive">
        <Typography sx={{ fontWeight: 600 }}>{t('content.sms.notActive')}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('content.sms.online')}{' '}
          <Button component={RouterLink} to="/public/complaints" size="small" sx={{ ml: 0.5 }}>
            {t('content.sms.onlineLink')}
          </Button>
        </Typography>
      </Alert>
    );
  const keyword = service.keyword ?? '';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="sms-active">
      <Box component="dl" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' }, m: 0 }}>
        <Detail term={t('content.sms.number')}>
          <Box component="span" sx={{ fontSize: '1.75rem', fontWeight: 700 }} data-testid="sms-number">
            {/* Tap to text: a phone opens its messages with the number and the keyword filled in. */}
            {service.short_code && (
              <Link href={smsHref(service.short_code, keyword)} sx={{ fontWeight: 'inherit' }}>
                {service.short_code}
              </Link>
            )}
          </Box>
        </Detail>
        <Detail term={t('content.sms.keyword')}>
          <Box component="span" sx={{ fontSize: '1.75rem', fontWeight: 700 }} data-testid="sms-keyword">
            {keyword}
          </Box>
        </Detail>
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
        {t('content.sms.instructions')}
      </Typography>
      <Typography data-testid="sms-instructions">{text(service.instructions)}</Typography>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
        {t('content.sms.examples')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gap: 1.5, m: 0 }} data-testid="sms-examples">
        <Detail term={t('content.sms.exampleReport')}>
          <Box component="code" sx={codeSx}>
            {[keyword, t('content.sms.yourMessage')].filter(Boolean).join(' ')}
          </Box>
        </Detail>
        <Detail term={t('content.sms.exampleStatus')}>
          <Box component="code" sx={codeSx}>
            STATUS {t('content.sms.reference')}
          </Box>
        </Detail>
      </Box>
    </Paper>
  );
}

/** Spec 2 `/public/about/sms-how-to`: a partner state's SMS reporting instructions, chosen in the address. */
export function SmsHowToScreen() {
  const { t } = useTranslation();
  const text = useBilingual();
  const [searchParams, setSearchParams] = useSearchParams();
  const profileCountry = useSession((state) => state.profile?.country ?? null);
  const query = useQuery(apiQuery<TSmsHowToCountry[]>(contentApiPaths.smsHowTo));
  const services = [...(query.data ?? [])].sort((a, b) =>
    text(a.country.name).localeCompare(text(b.country.name)),
  );
  const wanted = (searchParams.get('country') ?? profileCountry ?? '').toUpperCase();
  const selected = services.find((service) => service.country.code === wanted);

  const choose = (code: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('country', code);
        return next;
      },
      { replace: true },
    );

  return (
    <Box sx={{ maxWidth: 820 }}>
      <ScreenHeading title={t('content.sms.title')} intro={t('content.sms.intro')} />
      {query.isError && <LoadError text={t('content.sms.loadError')} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton variant="rectangular" height={56} sx={{ mb: 2, maxWidth: 360 }} />}
      {query.data && (
        <TextField
          select
          id="sms-country"
          label={t('content.sms.country')}
          value={selected?.country.code ?? ''}
          onChange={(event) => choose(event.target.value)}
          sx={{ mb: 3, width: '100%', maxWidth: 360 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="sms-country"
        >
          <MenuItem value="" disabled>
            <em>{t('content.sms.chooseCountry')}</em>
          </MenuItem>
          {services.map((service) => (
            <MenuItem key={service.country.code} value={service.country.code}>
              {text(service.country.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {selected ? (
        <CountryInstructions service={selected} />
      ) : (
        query.data && (
          <Alert icon={<Sms />} severity="info" sx={{ mb: 3 }}>
            {t('content.sms.chooseCountry')}
          </Alert>
        )
      )}
      {query.data && (
        <Box component="section" aria-labelledby="sms-overview" sx={{ mt: 4 }}>
          <Typography id="sms-overview" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
            {t('content.sms.overview')}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {services.map((service) => (
              <li key={service.country.code}>
                <Chip
                  clickable
                  onClick={() => choose(service.country.code)}
                  aria-pressed={service.country.code === selected?.country.code}
                  // Long names wrap instead of pushing the page sideways on a narrow phone.
                  sx={{
                    height: 'auto',
                    maxWidth: '100%',
                    py: 0.5,
                    '& .MuiChip-label': { whiteSpace: 'normal' },
                  }}
                  variant={service.country.code === selected?.country.code ? 'filled' : 'outlined'}
                  color={service.active ? 'primary' : 'default'}
                  label={`${text(service.country.name)} · ${service.active ? t('content.sms.active') : t('content.sms.inactive')}`}
                />
              </li>
            ))}
          </Box>
        </Box>
      )}
      <SmsGuide />
    </Box>
  );
}
