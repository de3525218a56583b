import { z } from 'zod';
import { choiceValues, pageStatus } from '../constants.js';
import { adminApiPath, ZAdminListQuerySchema, type TAdminRecordFlags } from './admin.js';
import { optionalText, requiredText } from './fields.js';

/** The layouts the public page renderer knows (features/content-pages page-view). */
export const pageLayouts = ['standard', 'wide', 'sidebar'] as const;
export type TPageLayout = (typeof pageLayouts)[number];

/** CSS background-attachment of the banner while the page scrolls. */
export const bannerAttachments = ['scroll', 'fixed', 'local'] as const;

/** Page images (banner, slides): these types, checked by their bytes, at most this size. */
export const pageImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const pageImageMaxMb = 5;
export const pageMaxSlides = 12;
/** Rich text of one language, as HTML before the server sanitises it. */
export const pageContentMaxChars = 200_000;

/**
 * Pages whose address the portal itself links to (About Us, the SMS guide, the footer): their slug
 * cannot change and they cannot be purged (archive hides them).
 */
export const linkedPageSlugs = ['about', 'sms-how-to', 'privacy', 'terms-of-use'] as const;

/** The API of the manage pages area: the admin resource, image uploads and image reads. */
export const adminPagesApiPaths = {
  resource: 'page-templates',
  list: adminApiPath('page-templates'),
  item: (id: number | string) => adminApiPath('page-templates', id),
  /** POST multipart (the file under `attachments`): answers `TPageImageUpload`. */
  images: adminApiPath('page-templates', 'images'),
  /** GET an uploaded or stored page image by its key (staff with the view permission). */
  image: (key: string) => `${adminApiPath('page-templates', 'images')}?key=${encodeURIComponent(key)}`,
} as const;

/** A key of the file store naming a page image: `folder/uuid.ext`, as the upload answered it. */
export const ZPageImageKeySchema = z
  .string({ error: 'Upload the image again.' })
  .regex(/^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/, 'Upload the image again.');

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'Select a valid choice.' });

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(min, `Enter a number from ${min} to ${max}.`)
    .max(max, `Enter a number from ${min} to ${max}.`)
    .default(fallback);

const content = z
  .string()
  .max(pageContentMaxChars, `Ensure this field has no more than ${pageContentMaxChars} characters.`)
  .default('');

export const ZPageSlideInputSchema = z.object({
  image_key: ZPageImageKeySchema,
  caption_en: optionalText(300).default(''),
  caption_fr: optionalText(300).default(''),
});
export type TPageSlideInput = z.input<typeof ZPageSlideInputSchema>;

/**
 * The body of creating or changing a page template (`/api/admin/page-templates/`). The template and
 * the one page that publishes it at `/public/page/{slug}` are edited together: `slug`, `title_en`,
 * `title_fr`, `show_in_menu` and `sort_order` belong to the page, `status` to both.
 */
export const ZPageTemplateInputSchema = z.object({
  title: requiredText(200),
  layout: choice(pageLayouts).default('standard'),
  status: choice(choiceValues(pageStatus)).default('draft'),
  content_en: content,
  content_fr: content,
  banner_key: ZPageImageKeySchema.nullable().default(null),
  banner_attachment: choice(bannerAttachments).default('scroll'),
  slide_interval: wholeNumber(1, 120, 5),
  slides: z
    .array(ZPageSlideInputSchema)
    .max(pageMaxSlides, `Add at most ${pageMaxSlides} slides.`)
    .default([]),
  slug: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(100, 'Ensure this field has no more than 100 characters.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.'),
  title_en: requiredText(200),
  title_fr: optionalText(200).default(''),
  show_in_menu: z.boolean({ error: 'Select yes or no.' }).default(false),
  sort_order: wholeNumber(0, 9999, 0),
});
export type TPageTemplateInput = z.input<typeof ZPageTemplateInputSchema>;
export type TPageTemplateBody = z.output<typeof ZPageTemplateInputSchema>;

/** A slide as the admin reads it: the stored key and a staff address of its image. */
export interface TPageSlideAdminItem {
  id: number;
  image_key: string;
  image_url: string;
  caption_en: string;
  caption_fr: string;
}

/** A page template with its page, as the admin screens read it. */
export interface TPageTemplateAdminItem extends TAdminRecordFlags {
  id: number;
  title: string;
  layout: TPageLayout;
  status: string;
  /** Sanitised HTML. */
  content_en: string;
  content_fr: string;
  banner_key: string | null;
  banner_url: string | null;
  banner_attachment: (typeof bannerAttachments)[number];
  slide_interval: number;
  slides: TPageSlideAdminItem[];
  /** The page publishing the template (null for a template no page uses yet). */
  page: {
    id: number;
    slug: string;
    title_en: string;
    title_fr: string;
    show_in_menu: boolean;
    sort_order: number;
    /** Where the public reads it. */
    public_path: string;
  } | null;
  /** The other pages (beyond the first) that use this template: their slugs. */
  other_pages: string[];
  updated_at: string;
}

/** What an image upload answers: the key to put in the body, and an address to show it. */
export interface TPageImageUpload {
  key: string;
  url: string;
  content_type: string;
  size: number;
}

/** The manage pages list: search (title, slug), status and layout. */
export const ZPageTemplateListQuerySchema = ZAdminListQuerySchema.extend({
  status: z.union([z.literal(''), choice(choiceValues(pageStatus))]).optional(),
  layout: z.union([z.literal(''), choice(pageLayouts)]).optional(),
});
export type TPageTemplateListQuery = z.infer<typeof ZPageTemplateListQuerySchema>;

/** The query of reading one page image. */
export const ZPageImageQuerySchema = z.object({ key: ZPageImageKeySchema });

export const pageAdminTexts = {
  slugTaken: 'A page with this address already exists.',
  linkedSlug: 'The portal links to this page: its address cannot change.',
  linkedPurge: 'The portal links to this page: archive it instead of purging it.',
  imageGone: 'Upload the image again.',
} as const;
