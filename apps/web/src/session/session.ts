import { useStore } from 'zustand';
import { currentLocale, switchLocale } from '../i18n/index.js';
import { createSessionStore, type SessionStore } from './session-store.js';

/** The app's one session store (spec 3 and 4). */
export const session = createSessionStore(
  {},
  { current: currentLocale, switchTo: (locale) => switchLocale(locale) },
);

/** Reads the session state in a component. */
export function useSession<T>(select: (state: SessionStore) => T): T {
  return useStore(session, select);
}
