import { z } from 'zod';
import { homepageCopyFromHtml } from '../../lib/html.js';

/**
 * Homepage copy is plain text: `**words**` show in the accent colour, `[text](https://…)` is a link
 * (issue 41); the page gets it as HTML from `renderHomepageCopy`. A value stored when the copy was
 * a little HTML (`<span class="text-theme">`) is read, and anything written, into that form, so no
 * tag reaches the admin's form or a page unescaped.
 */
const copy = (max: number) => z.string().trim().max(max).transform(homepageCopyFromHtml);
const title = copy(200);
const text = copy(1_000);

export const homepageSettings = {
  section_features: { schema: z.boolean(), default: true },
  section_feature_boxes: { schema: z.boolean(), default: true },
  section_pricing_content: { schema: z.boolean(), default: true },
  section_get_started: { schema: z.boolean(), default: true },
  header_title: {
    schema: title,
    default: 'Your files, **safely stored** and easy to share',
  },
  header_description: {
    schema: text,
    default: 'Upload, organise and share files and folders from any device, and collect files from anyone with a link.',
  },
  features_title: { schema: title, default: 'Everything you need to **work with files**' },
  features_description: {
    schema: text,
    default: 'Large uploads, link sharing with passwords and expiry, upload requests and team folders.',
  },
  feature_title_1: { schema: title, default: 'Upload anything' },
  feature_description_1: {
    schema: text,
    default: 'Files and whole folders, uploaded in chunks so large files get through.',
  },
  feature_title_2: { schema: title, default: 'Share by link' },
  feature_description_2: {
    schema: text,
    default: 'Send a link to view or edit, protected by a password and an expiry if you like.',
  },
  feature_title_3: { schema: title, default: 'Collect files' },
  feature_description_3: {
    schema: text,
    default: 'Ask anyone for files with a link: they upload straight into your folder, no account needed.',
  },
  pricing_title: { schema: title, default: 'Pick the **right plan**' },
  pricing_description: { schema: text, default: 'Start small and grow when you need more space.' },
  get_started_title: { schema: title, default: 'Ready to **get started**?' },
  get_started_description: { schema: text, default: 'Create your account in a minute and upload your first files.' },
  /** A line under the public pages' links, same form as the copy above (empty: only the copyright line). */
  footer_content: { schema: text, default: '' },
} as const;

/** AdSense: the publisher id (`ca-pub-…`) and the ad unit (slot) ids of the three places ads show. */
const slot = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'An ad slot id is the number AdSense shows for the ad unit.')
  .nullable()
  .or(z.literal('').transform(() => null));

export const adsenseSettings = {
  allowed_adsense: { schema: z.boolean(), default: false },
  adsense_client_id: {
    schema: z
      .string()
      .trim()
      .regex(/^ca-pub-\d{6,20}$/, 'A publisher id looks like ca-pub-1234567890123456.')
      .nullable()
      .or(z.literal('').transform(() => null)),
    default: null,
  },
  adsense_banner_01: { schema: slot, default: null },
  adsense_banner_02: { schema: slot, default: null },
  adsense_banner_03: { schema: slot, default: null },
} as const;
