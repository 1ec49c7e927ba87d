// A preview build (`PREVIEW=1 npm run build`): the site as a pull request would make it, published
// at a preview address for staff to look at before anyone merges (docs/deploy/workflow.md, "A preview of
// every pull request"). Every page says so in a banner, search engines are asked not to index it, and
// its forms send nothing: a preview has no enquiry service behind it (as a static host's preview
// deploys get an environment of their own), so no enquiry from it can reach the company's inbox.
// Vike hands PUBLIC_ENV__ variables to the pages and the browser code (build/build.ts sets this one).
export const PREVIEW = import.meta.env.PUBLIC_ENV__PREVIEW === '1'

/** What a form on a preview answers when sent. */
export const PREVIEW_FORM_MESSAGE =
  'This is a preview of a proposed change, not the live website: forms here send nothing. Your enquiry was not sent.'

/**
 * Where a form on a preview posts when JavaScript is off: an address no host or service answers
 * (never /api/submit), so the visitor gets the not-found page, whose banner says forms here send nothing.
 */
export const PREVIEW_FORM_ACTION = '/preview-forms-send-nothing'

export const PREVIEW_BANNER_TEXT = 'Preview of a proposed change, not the live website. Forms here send nothing.'

/**
 * The banner's style, in the page's head (the Content-Security-Policy allows it by its hash, as every
 * inline style). The scroll padding keeps what the browser scrolls to (a focused field, a form's
 * answer) clear of the banner.
 */
export const PREVIEW_BANNER_CSS =
  'html{scroll-padding-bottom:4rem}.preview-banner{position:sticky;bottom:0;z-index:60;margin:0;padding:.6rem 1rem;background:#fff4c2;color:#3a2a00;' +
  'border-top:3px solid #8a6500;text-align:center;font-weight:600}'
