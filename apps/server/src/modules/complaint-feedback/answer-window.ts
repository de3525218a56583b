import { feedbackWindowDays } from '@stp/shared';

const dayMs = 86_400_000;

/** The last moment the applicant may answer a resolution made at `resolvedAt` (the window's end, included). */
export const answerDeadline = (resolvedAt: Date): Date =>
  new Date(resolvedAt.getTime() + feedbackWindowDays * dayMs);
