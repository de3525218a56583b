import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { dialogStore } from './dialogs.js';

// The dialog components are fetched with the first dialog, not with the first page.
const DialogView = lazy(() => import('./dialog-view.js').then((module) => ({ default: module.DialogView })));

/** Renders the open dialog, if any; mounted once at the root. */
export function DialogHost() {
  const dialog = useStore(dialogStore, (state) => state.dialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <DialogView dialog={dialog} />
    </Suspense>
  );
}
