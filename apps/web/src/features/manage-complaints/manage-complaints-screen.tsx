import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenHeading } from '../../components/screen-heading.js';
import { useSession } from '../../session/session.js';
import { tabsFor, type ManageTab } from './manage-access.js';
import { MyComplaintsTab } from './my-complaints-tab.js';
import { OverviewTab } from './overview-tab.js';
import { StageDeadlines } from './stage-deadlines.js';
import { StaffListTab } from './staff-list-tab.js';
import './texts.js';

/** `/auth/manage/complaints` (spec 2): Overview, My Complaints, the reviewer's Queue and the staff list, tab in the URL. */
export function ManageComplaintsScreen() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = tabsFor(user);
  const wanted = searchParams.get('tab') as ManageTab | null;
  const tab: ManageTab = wanted && tabs.includes(wanted) ? wanted : 'overview';

  // A new tab starts with its own filters: only `tab` travels.
  const select = (next: ManageTab) => setSearchParams(next === 'overview' ? {} : { tab: next });

  return (
    <>
      <ScreenHeading title={t('manageComplaints.title')} intro={t('manageComplaints.intro')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: ManageTab) => select(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('manageComplaints.tabs.label')}
        >
          {tabs.map((id) => (
            <Tab
              key={id}
              value={id}
              label={t(`manageComplaints.tabs.${id}`)}
              id={`complaints-tab-${id}`}
              aria-controls={`complaints-panel-${id}`}
              data-testid={`tab-${id}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`complaints-panel-${tab}`} aria-labelledby={`complaints-tab-${tab}`}>
        {tab === 'overview' && <OverviewTab />}
        {tab === 'mine' && <MyComplaintsTab />}
        {tab === 'queue' && <StaffListTab key="queue" kind="queue" />}
        {tab === 'all' && <StaffListTab key="all" kind="all" />}
        {tab === 'deadlines' && <StageDeadlines />}
      </Box>
    </>
  );
}
