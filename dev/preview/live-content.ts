// The preview's view of the content: checked on start and again after every change, by the same
// check as `npm run check:content` and the build. A valid result becomes the site data the pages
// are made from (with the pictures' manifest; dev/preview/vite-plugin.ts hands it to the pages) and
// the enquiry forms the server accepts; an invalid one is kept to be shown in the browser, while the
// last valid content stays in place.
import { join } from 'node:path'
import { checkContent, type CheckResult } from '../../model/check.ts'
import type { SiteData } from '../../templates/lib/site.ts'
import { PreviewImages } from './images.ts'

export interface LiveState {
  result: CheckResult
  /** How long the last check and update took, in ms. */
  ms: number
}

export class LiveContent {
  readonly images: PreviewImages
  /** The last valid content and the pictures' manifest of that check: what the pages are made from. */
  siteData: SiteData | undefined
  private last: LiveState | undefined
  /** Changes seen (the start counts as one) and changes checked: the content is current when equal. */
  private requested = 1
  private completed = 0
  private loop: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private changed: string[] = []
  private readonly listeners: ((state: LiveState, changed: string[]) => void)[] = []

  constructor(
    private readonly dir: string,
    private readonly cacheFile: string,
    /** Called with each valid content, before the page reloads: the server's live form list. */
    private readonly onValid: (result: CheckResult) => void,
  ) {
    this.images = new PreviewImages(join(dir, 'images'))
  }

  /** The state once every change seen so far has been checked (a page request waits for it). */
  async state(): Promise<LiveState> {
    while (this.completed < this.requested) await this.checkNow()
    return this.last!
  }

  onUpdate(listener: (state: LiveState, changed: string[]) => void): void {
    this.listeners.push(listener)
  }

  /** A file under the content folder changed: check again shortly (an editor's save can be several writes). */
  fileChanged(file: string): void {
    this.changed.push(file)
    this.requested++
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.checkNow(), 30)
  }

  /** Checks until every change seen has been checked; one loop at a time. */
  private checkNow(): Promise<void> {
    clearTimeout(this.timer)
    this.loop ??= (async () => {
      try {
        while (this.completed < this.requested) {
          const upTo = this.requested
          const changed = this.changed.splice(0)
          this.last = await this.check()
          this.completed = upTo
          for (const listener of this.listeners) listener(this.last, changed)
        }
      } finally {
        this.loop = undefined
      }
    })()
    return this.loop
  }

  private async check(): Promise<LiveState> {
    const started = performance.now()
    try {
      const [result, manifest] = await Promise.all([checkContent({ dir: this.dir, cacheFile: this.cacheFile }), this.images.update()])
      if (result.content) {
        this.siteData = { content: result.content, images: manifest }
        this.onValid(result)
      }
      return { result, ms: Math.round(performance.now() - started) }
    } catch (error) {
      // Not a content mistake (a file that cannot be read, say): shown like one, so the preview keeps running.
      const problem = { file: this.dir, field: '', message: `The content could not be checked: ${(error as Error).message}` }
      return {
        result: { content: undefined, problems: [problem], errors: [problem], warnings: [] },
        ms: Math.round(performance.now() - started),
      }
    }
  }
}
