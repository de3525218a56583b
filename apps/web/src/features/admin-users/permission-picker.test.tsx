import { QueryClientProvider } from '@tanstack/react-query';
import { adminUsersApiPaths, type TAdminUserChoices } from '@stp/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiQuery, queryClient } from '../../api/query.js';
import { PermissionPicker } from './permission-picker.js';

const crud = (app: string, model: string) => ({
  app,
  model,
  permissions: ['view', 'add', 'change', 'delete'].map((action) => ({
    codename: `${app}.${action}_${model}`,
    action,
    name: `Can ${action} ${model}`,
  })),
});

const choices: TAdminUserChoices = {
  groups: [],
  permissions: [
    crud('core', 'report'),
    crud('restrictions', 'indicator'),
    {
      app: 'complaints',
      model: 'complaint',
      permissions: [
        {
          codename: 'complaints.review_council',
          action: 'review',
          name: 'Can review complaints at the council stage',
        },
      ],
    },
  ],
};

function Harness({ initial }: { initial: string[] }) {
  const form = useForm<{ permissions: string[] }>({ defaultValues: { permissions: initial } });
  const value = useWatch({ control: form.control, name: 'permissions' });
  return (
    <QueryClientProvider client={queryClient}>
      <PermissionPicker control={form.control} name="permissions" legend="Permissions" readOnly={false} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </QueryClientProvider>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];
const model = (name: string) => within(screen.getByTestId(`picker-${name}`));

beforeEach(() => {
  queryClient.setQueryData(apiQuery(adminUsersApiPaths.userChoices).queryKey, choices);
});

describe('PermissionPicker', () => {
  it('groups permissions by model in fieldsets, with a select-all box in each legend', async () => {
    render(<Harness initial={['core.view_report']} />);
    const report = model('core.report');
    const all = report.getByRole('checkbox', { name: 'All permissions of Report' });
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect(report.getByRole('checkbox', { name: 'View' })).toBeChecked();
    expect(screen.getByTestId('picker-core.report').tagName).toBe('FIELDSET');
    expect(
      model('complaints.complaint').getByRole('checkbox', { name: 'Review (council)' }),
    ).not.toBeChecked();
    expect(screen.getByText('(1 of 9 selected)')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(
      model('restrictions.indicator').getByRole('checkbox', { name: 'All permissions of Indicator' }),
    );
    expect(value()).toEqual([
      'core.view_report',
      'restrictions.add_indicator',
      'restrictions.change_indicator',
      'restrictions.delete_indicator',
      'restrictions.view_indicator',
    ]);
    await user.click(all);
    expect(value()).toHaveLength(8);
    expect(all).toBeChecked();
    await user.click(all);
    expect(value().filter((codename) => codename.startsWith('core.'))).toEqual([]);
    await user.click(model('restrictions.indicator').getByRole('checkbox', { name: 'Delete' }));
    expect(value()).not.toContain('restrictions.delete_indicator');
  });
});
