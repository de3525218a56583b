import { describe, expect, it } from 'vitest';
import { emptyRestrictionValues, ZRestrictionFormSchema } from './restriction-form.js';

describe('ZRestrictionFormSchema', () => {
  it('turns the text of the form into the API body', () => {
    const parsed = ZRestrictionFormSchema.parse({
      ...emptyRestrictionValues,
      version: 3,
      title: ' Licence rule ',
      country: 'ke',
      sector: '12',
      sub_sector: '',
      policy: '4',
      restriction_type: 'licensing',
      restrictiveness_indicator: '0,25',
      year_introduced: '2015',
      modes_of_supply: ['mode_3'],
    });
    expect(parsed).toMatchObject({
      version: 3,
      title: 'Licence rule',
      country: 'KE',
      sector: 12,
      sub_sector: null,
      specific_service: null,
      policy: 4,
      non_compliance_type: null,
      restrictiveness_indicator: 0.25,
      year_introduced: 2015,
      proposed_removal_year: null,
      market_access: 'no',
      status: 'in_force',
    });
  });

  it('reports each bad field with the shared messages', () => {
    const result = ZRestrictionFormSchema.safeParse({
      ...emptyRestrictionValues,
      restrictiveness_indicator: 'high',
      year_introduced: '1850',
    });
    expect(result.success).toBe(false);
    const errors = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(errors).toMatchObject({
      title: 'This field is required.',
      country: 'This field is required.',
      sector: 'This field is required.',
      restriction_type: 'This field is required.',
      restrictiveness_indicator: 'Enter a number.',
      year_introduced: 'Enter a year from 1900 to 2099.',
    });
  });
});
