import { render, screen } from '@testing-library/react';
import type { TAuditListItem } from '@stp/shared';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../i18n/index.js';
import { RecentChanges } from '../dashboard/recent-changes.js';
import { formatDateTime } from '../../lib/format.js';
import { actionLabel, fieldLabel, humanise, modelLabel, valueText } from './audit-format.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

afterEach(async () => {
  await applyLocale('en');
});

const t = () => i18n.t.bind(i18n);

/**
 * What the server audits today, by model (the audit forms its presenters write): each must read as
 * words in both languages. A name added later without a label still shows humanised (tested below).
 */
const audited: Record<string, string[]> = {
  'restrictions.commitment': ['country', 'sector', 'committed_to_liberalise', 'year_committed', 'details'],
  'restrictions.policy': ['slug', 'name_en', 'name_fr', 'description_en', 'sort_order', 'restriction_count'],
  'restrictions.sector': ['parent_id', 'level', 'code', 'cpc', 'path', 'child_count', 'commitment_count'],
  'restrictions.restriction': [
    'title',
    'country_code',
    'sub_sector_id',
    'specific_service_id',
    'policy_id',
    'market_access',
    'national_treatment',
    'non_compliance_type',
    'modes_of_supply',
    'restrictiveness_indicator',
    'year_introduced',
    'discriminative',
    'measure_type',
    'responsible_agency',
    'commitments_made',
    'other_dates',
    'proposed_removal_year',
    'year_removed_or_amended',
    'text_of_measure',
    'remarks',
    'archived',
  ],
  'restrictions.restrictionaccess': ['holder', 'group', 'user', 'can_edit'],
  'restrictions.notification': [
    'reference',
    'notification_date',
    'applicability',
    'requirement',
    'indicator',
  ],
  'core.report': ['title_en', 'display_type', 'index', 'display_height', 'params', 'featured', 'tag_ids'],
  'core.reporttag': ['name_en', 'report_count'],
  'core.featuredinsight': ['summary_en', 'report_id', 'link_url', 'published_on'],
  'core.pagetemplate': ['layout', 'content_en', 'banner_key', 'slide_interval', 'slides', 'other_pages'],
  'core.smsservice': ['is_active', 'short_code', 'keyword', 'instructions_en', 'activated_on'],
  'core.outboxmessage': ['channel', 'kind', 'recipient', 'subject', 'attempts', 'last_error', 'sent_at'],
  'auth.user': ['email', 'first_name', 'display_name', 'is_superuser', 'has_password', 'last_login'],
  'auth.group': ['name', 'permissions', 'member_count'],
  'auth.session': ['key', 'user', 'ip', 'user_agent', 'last_seen_at', 'expires_at', 'removed'],
  'complaints.complaint': [
    'reference',
    'status',
    'stage',
    'stage_due_at',
    'date_resolved',
    'decision',
    'comments',
    'attachments_added',
  ],
  'complaints.reviewstage': ['stage', 'deadline_days', 'deadline_unit'],
  'complaints.publicholiday': ['country_code', 'date', 'name_en'],
};

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );

describe('the audit label table', () => {
  it('has the same models, fields and actions in en and fr', () => {
    for (const part of ['models', 'fields', 'actions'] as const) {
      expect(leaves(fr.auditLog[part] as Tree).sort()).toEqual(leaves(en.auditLog[part] as Tree).sort());
    }
  });

  it('names every audited model and field in words, in en and fr', async () => {
    for (const locale of ['en', 'fr'] as const) {
      await applyLocale(locale);
      for (const [model, fields] of Object.entries(audited)) {
        const name = modelLabel(t(), model);
        expect(name, `${locale} ${model}`).toBe(
          (locale === 'en' ? en : fr).auditLog.models[model.split('.')[0] as 'core'][
            model.split('.')[1] as 'report'
          ],
        );
        for (const field of fields) {
          const label = fieldLabel(t(), field);
          expect(label, `${locale} ${field}`).toBe(
            (locale === 'en' ? en : fr).auditLog.fields[field as 'id'],
          );
          expect(label).not.toMatch(/_/);
        }
      }
    }
    await applyLocale('en');
    expect(modelLabel(t(), 'restrictions.commitment')).toBe('Commitment');
    expect(fieldLabel(t(), 'year_committed')).toBe('Year committed');
    expect(actionLabel(t(), 'request_info')).toBe('Information requested');
    await applyLocale('fr');
    expect(modelLabel(t(), 'restrictions.commitment')).toBe('Engagement');
    expect(fieldLabel(t(), 'year_committed')).toBe('Année de l’engagement');
    expect(actionLabel(t(), 'request_info')).toBe('Informations demandées');
  });

  it('humanises a name it does not know, never showing the codename', async () => {
    expect(humanise('year_committed')).toBe('Year committed');
    expect(humanise('restrictions.reporttag')).toBe('Reporttag');
    expect(humanise('lastError')).toBe('Last error');
    for (const locale of ['en', 'fr'] as const) {
      await applyLocale(locale);
      expect(modelLabel(t(), 'maintenance.task_run')).toBe('Task run');
      expect(modelLabel(t(), 'core')).toBe('Core');
      // A known app with an unknown model, and a path into the table that is not a text.
      expect(modelLabel(t(), 'restrictions.new_thing')).toBe('New thing');
      expect(fieldLabel(t(), 'new_field_name')).toBe('New field name');
      expect(actionLabel(t(), 'bulk_move')).toBe('Bulk move');
    }
  });
});

describe('recorded values', () => {
  it('shows a recorded timestamp as a date and time in the language, other strings as recorded', () => {
    const texts = { empty: '(empty)', yes: 'Yes', no: 'No' };
    const at = '2026-12-11T14:52:59.421Z';
    expect(valueText(at, texts, 'fr')).toBe(formatDateTime(at, 'fr'));
    expect(valueText(at, texts, 'en')).not.toContain('T14');
    expect(valueText(at, texts)).toBe(at);
    expect(valueText('in_review', texts, 'en')).toBe('in_review');
    expect(valueText(null, texts, 'en')).toBe('(empty)');
  });
});

describe('the dashboard’s recent changes', () => {
  const row: TAuditListItem = {
    id: 7,
    created_at: '2026-11-27T10:00:00Z',
    actor: { id: 3, email: 'reviewer@example.org', name: 'Rita Reviewer' },
    actor_withheld: false,
    action: 'forward',
    model: 'complaints.complaint',
    object_id: '12',
    object_label: 'CMP-2026-0012',
  };
  const recent = (
    <MemoryRouter>
      <RecentChanges recent={{ scope: 'all', results: [row] }} />
    </MemoryRouter>
  );

  it('reads the model and action as words in en and fr', async () => {
    const { rerender } = render(recent);
    expect(screen.getByTestId('dashboard-change')).toHaveTextContent(
      'Forwarded Complaint CMP-2026-0012 (#12)',
    );
    await applyLocale('fr');
    rerender(recent);
    expect(screen.getByTestId('dashboard-change')).toHaveTextContent('Transmise Plainte CMP-2026-0012 (#12)');
    expect(screen.getByTestId('dashboard-change')).not.toHaveTextContent('complaints.complaint');
  });
});
