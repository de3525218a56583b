import type { CSSObject, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** A labelled value of a record; `wide` spans the whole row (long texts). */
export interface FieldEntry {
  key: string;
  label: string;
  value: ReactNode;
  wide?: boolean;
}

/**
 * The look of a record's parts below (its sections, field lists, "Not stated", long texts), as one rule
 * set on the view that holds them: the parts are plain elements with class names, so a record of thirty
 * fields costs one style computation instead of one per field (docs/accessibility-budgets.md).
 */
export const recordPartsStyles = (theme: Theme): CSSObject => ({
  '& .record-section': {
    padding: theme.spacing(2),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.paper,
    [theme.breakpoints.up('sm')]: { padding: theme.spacing(3) },
    '@media print': { breakInside: 'avoid', border: 'none', padding: 0, marginBottom: theme.spacing(2) },
  },
  '& .record-section-title': {
    ...theme.typography.h2,
    fontSize: '1.25rem',
    margin: `0 0 ${theme.spacing(2)}`,
  },
  '& .field-list': {
    margin: 0,
    display: 'grid',
    // Two columns from a phone's width up: short values (a country, Yes, a year) side by side keep the
    // record a few screens shorter; long texts span the row.
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    columnGap: theme.spacing(2),
    rowGap: theme.spacing(2),
    [theme.breakpoints.up('sm')]: { columnGap: theme.spacing(3) },
    '& dt': {
      fontSize: '0.8125rem',
      fontWeight: 600,
      color: theme.palette.text.secondary,
      marginBottom: theme.spacing(0.25),
    },
    '& dd': { margin: 0, overflowWrap: 'break-word' },
    '& .field--wide': { gridColumn: '1 / -1' },
    '& ul': { margin: 0, paddingLeft: theme.spacing(2.5) },
  },
  '& .not-stated': { color: theme.palette.text.secondary, fontStyle: 'italic' },
  '& .long-text': { whiteSpace: 'pre-line' },
});

/** Labels and values as a description list: two columns from 600 px, stacked on phones. */
export function FieldList({ fields }: { fields: FieldEntry[] }) {
  return (
    <dl className="field-list">
      {fields.map((field) => (
        <div key={field.key} className={field.wide ? 'field--wide' : undefined} data-field={field.key}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a record's page (an h2 and its content), kept whole when printed. */
export function Section(props: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="record-section" aria-labelledby={props.id} data-testid={props.testId}>
      <h2 id={props.id} className="record-section-title">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
