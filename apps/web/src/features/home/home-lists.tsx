import type { THome } from '@stp/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Placeholder, TextLink } from './home-ui.js';
import { formatDay } from './use-home-data.js';

const listReset = { listStyle: 'none', p: 0, m: 0 } as const;

/** The five latest notifications, each linking to its entry on the Notifications screen. */
export function HomeNotifications({ notifications }: { notifications: THome['notifications'] | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  return (
    <Box component="section" aria-labelledby="home-notifications" sx={{ mb: { xs: 4, sm: 5 } }}>
      <Typography id="home-notifications" variant="h2" sx={{ mb: 2 }}>
        {t('homePage.notifications.title')}
      </Typography>
      {notifications === null ? (
        <Placeholder height={240} />
      ) : notifications.length === 0 ? (
        <Typography color="text.secondary">{t('homePage.notifications.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ ...listReset, borderTop: 1, borderColor: 'divider' }}>
          {notifications.map((item) => (
            <Box component="li" key={item.slug} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <TextLink
                to={`/public/notifications?notification=${encodeURIComponent(item.slug)}`}
                style={{ fontWeight: 600 }}
              >
                {item.reference}
              </TextLink>
              <Typography variant="body2" color="text.secondary">
                {item.country[language]} · {formatDay(item.notification_date, language)}
              </Typography>
              <Typography variant="body2">{item.description}</Typography>
            </Box>
          ))}
        </Box>
      )}
      <TextLink to="/public/notifications" style={{ display: 'inline-block', marginTop: 12 }}>
        {t('homePage.notifications.all')}
      </TextLink>
    </Box>
  );
}

/** A titled list of links laid out as a wrapping grid. */
function LinkList({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { key: string; to: string; text: string }[] | null;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: { xs: 4, sm: 5 } }}>
      <Typography id={id} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {links === null ? (
        <Placeholder height={120} />
      ) : (
        <Box
          component="ul"
          sx={{
            ...listReset,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {links.map((link) => (
            <li key={link.key}>
              <TextLink to={link.to} data-testid={`${id}-${link.key}`}>
                {link.text}
              </TextLink>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Entry points: the twelve W/120 sectors and the partner states, into Browse Restrictions. */
export function HomeEntryPoints({ home }: { home: THome | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  return (
    <>
      <LinkList
        id="home-sectors"
        title={t('homePage.bySector')}
        links={
          home?.sectors.map((sector) => ({
            key: sector.slug,
            to: `/public/browse/${encodeURIComponent(sector.slug)}`,
            text: sector.name[language],
          })) ?? null
        }
      />
      <LinkList
        id="home-countries"
        title={t('homePage.byCountry')}
        links={
          home?.countries.map((country) => ({
            key: country.code,
            to: `/public/browse?country=${country.code}`,
            text: country.name[language],
          })) ?? null
        }
      />
    </>
  );
}
