import { session } from '../session/session.js';
import { ApiClient } from './client.js';

/** The app's API client, bound to the app's session store. */
export const api = new ApiClient(session);
