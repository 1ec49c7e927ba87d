import { PREVIEW_BANNER_TEXT } from '../lib/preview.ts'

/** On every page of a preview build (templates/lib/preview.ts): kept in view at the bottom of the window. */
export function PreviewBanner() {
  return (
    <aside className="preview-banner" aria-label="Preview">
      {PREVIEW_BANNER_TEXT}
    </aside>
  )
}
