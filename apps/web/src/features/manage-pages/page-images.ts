import { adminPagesApiPaths } from '@stp/shared';

/** The staff address of a stored or just uploaded page image (drafts are not public yet). */
export const staffImageUrl = (key: string) => `/api${adminPagesApiPaths.image(key)}`;
