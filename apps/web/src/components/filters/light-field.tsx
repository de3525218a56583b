import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * The look of MUI's outlined small text field (label on the notched outline) around the browser's own
 * select or input: the public pages' filters weigh a few hundred bytes instead of MUI's field, select,
 * menu and popover family (about 35 KB compressed; docs/accessibility-budgets.md, "JavaScript budget").
 */
const Root = styled('div')(({ theme }) => {
  const border = theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';
  return {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    width: '100%',
    '&.margin-dense': { marginTop: 8, marginBottom: 4 },
    '&.margin-normal': { marginTop: 16, marginBottom: 8 },
    '& .light-label': {
      ...theme.typography.body1,
      position: 'absolute',
      left: 0,
      top: 0,
      zIndex: 1,
      maxWidth: 'calc(133% - 32px)',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      color: theme.palette.text.secondary,
      transform: 'translate(14px, -9px) scale(0.75)',
      transformOrigin: 'top left',
      pointerEvents: 'none',
      lineHeight: '1.4375em',
    },
    '& .light-box': {
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
      borderRadius: theme.shape.borderRadius,
      color: theme.palette.text.primary,
      cursor: 'text',
    },
    '& .light-control': {
      font: 'inherit',
      ...theme.typography.body1,
      lineHeight: '1.4375em',
      color: 'inherit',
      background: 'none',
      border: 0,
      margin: 0,
      boxSizing: 'content-box',
      height: '1.4375em',
      padding: '8.5px 14px',
      width: '100%',
      minWidth: 0,
      outline: 'none',
      borderRadius: 'inherit',
      '&::placeholder': { color: theme.palette.text.secondary, opacity: 0.7 },
    },
    '& select.light-control': {
      appearance: 'none',
      cursor: 'pointer',
      paddingRight: 32,
      textOverflow: 'ellipsis',
      // The options' list is drawn by the browser: the theme's colours for it.
      '& option': { backgroundColor: theme.palette.background.paper, color: theme.palette.text.primary },
    },
    '& select.light-control[multiple]': { height: 'auto', paddingRight: 14 },
    '& .light-arrow': {
      position: 'absolute',
      right: 7,
      top: 'calc(50% - 0.5em)',
      width: '1em',
      height: '1em',
      fontSize: '1.5rem',
      fill: 'currentColor',
      color: theme.palette.action.active,
      pointerEvents: 'none',
    },
    '& .light-adornment': {
      display: 'flex',
      alignItems: 'center',
      color: theme.palette.action.active,
      whiteSpace: 'nowrap',
      '&.start': { paddingLeft: 14, marginRight: -6 },
      '&.end': { paddingRight: 14, marginLeft: -6 },
    },
    '& .light-outline': {
      position: 'absolute',
      inset: '-5px 0 0 0',
      margin: 0,
      padding: '0 8px',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: 1,
      borderColor: border,
      overflow: 'hidden',
      minWidth: 0,
      textAlign: 'left',
    },
    '& .light-outline legend': {
      float: 'unset',
      width: 'auto',
      maxWidth: '100%',
      overflow: 'hidden',
      display: 'block',
      padding: 0,
      height: 11,
      fontSize: '0.75em',
      visibility: 'hidden',
      whiteSpace: 'nowrap',
      '& > span': {
        paddingLeft: 5,
        paddingRight: 5,
        display: 'inline-block',
        opacity: 0,
        visibility: 'visible',
      },
    },
    '& .light-box:hover .light-outline': { borderColor: theme.palette.text.primary },
    '&:focus-within .light-label': { color: theme.palette.primary.main },
    '& .light-box:focus-within .light-outline': { borderColor: theme.palette.primary.main, borderWidth: 2 },
    '&.error .light-label': { color: theme.palette.error.main },
    '&.error .light-box .light-outline': { borderColor: theme.palette.error.main },
    '&.disabled .light-label, &.disabled .light-box': { color: theme.palette.text.disabled },
    '&.disabled .light-box .light-outline': { borderColor: theme.palette.action.disabled },
    '&.disabled .light-control': { cursor: 'default', WebkitTextFillColor: theme.palette.text.disabled },
    '& .light-helper': {
      ...theme.typography.caption,
      margin: '3px 14px 0',
      color: theme.palette.text.secondary,
    },
    '&.error .light-helper': { color: theme.palette.error.main },
  };
});

/** The frame of a light field: its label, the outlined box around `children`, a helper or error text. */
export function LightField(props: {
  id: string;
  label: string;
  children: ReactNode;
  start?: ReactNode;
  end?: ReactNode;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  className?: string;
  select?: boolean;
}) {
  const classes = [
    props.margin && props.margin !== 'none' ? `margin-${props.margin}` : '',
    props.error ? 'error' : '',
    props.disabled ? 'disabled' : '',
    props.className ?? '',
  ].filter(Boolean);
  return (
    <Root className={classes.join(' ') || undefined}>
      <label className="light-label" htmlFor={props.id}>
        {props.label}
      </label>
      <div className="light-box">
        {props.start && <span className="light-adornment start">{props.start}</span>}
        {props.children}
        {props.select && (
          // MUI's ArrowDropDown.
          <svg className="light-arrow" viewBox="0 0 24 24" aria-hidden focusable="false">
            <path d="M7 10l5 5 5-5z" />
          </svg>
        )}
        {props.end && <span className="light-adornment end">{props.end}</span>}
        <fieldset aria-hidden className="light-outline">
          <legend>
            <span>{props.label}</span>
          </legend>
        </fieldset>
      </div>
      {props.helperText && (
        <p className="light-helper" id={`${props.id}-helper-text`}>
          {props.helperText}
        </p>
      )}
    </Root>
  );
}
