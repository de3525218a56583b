import { lazy, Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import { api } from '../../api/api.js';
import { dialogStore, showError } from './dialogs.js';

// The dialog components are fetched with the first dialog, not with the first page.
const DialogView = lazy(() => import('./dialog-view.js').then((module) => ({ default: module.DialogView })));

/** Renders the open dialog, if any; mounted once at the root. */
export function DialogHost() {
  const dialog = useStore(dialogStore, (state) => state.dialog);
  // A call that finds the session ended says so whoever made it (a list's read as much as a form's save).
  useEffect(() => api.onSessionEnded(showError), []);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <DialogView dialog={dialog} />
    </Suspense>
  );
}
