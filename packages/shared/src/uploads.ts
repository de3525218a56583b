/** What an uploaded file may hold besides its size and type (docs/uploads-and-limits.md). */
export const uploadContentLimits = {
  /** Pixels of an image (avatar, attachment, page image): a 48-megapixel phone photo passes. */
  imageMegapixels: 50,
} as const;

/** The refusals of an upload's content (the web app translates them under `messages`). */
export const uploadTexts = {
  imageTooManyPixels: `This image is too large: at most ${uploadContentLimits.imageMegapixels} megapixels (for example 8000 × 6000 pixels). Make it smaller and upload it again.`,
  pdfActiveContent:
    'This PDF contains JavaScript or an action that opens a program, which are not accepted. Save it again without them (for example with Print to PDF) and upload it again.',
  pdfUnchecked:
    'This PDF could not be checked for JavaScript (it is protected or damaged). Save it again without protection (for example with Print to PDF) and upload it again.',
} as const;
