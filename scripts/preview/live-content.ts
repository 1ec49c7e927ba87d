// The preview's view of the content: checked on start and again after every change, by the same
// check as `npm run check:content` and the build. A valid result replaces the content the
// templates read (and the pictures' manifest and the enquiry forms the server accepts); an invalid
// one is kept to be shown in the browser, while the last valid content stays in place.
import { join } from 'node:path'
import { checkContent, type CheckResult } from '../../content/check.ts'
import { replaceContent } from '../../content/load.ts'
import { replaceImageManifest } from '../../templates/lib/site.ts'
import { PreviewImages } from './images.ts'

export interface LiveState {
  result: CheckResult
  /** How long the last check and update took, in ms. */
  ms: number
}

export class LiveContent {
  readonly images: PreviewImages
  private last: LiveState | undefined
  private running: Promise<LiveState> | undefined
  private scheduled: { promise: Promise<void>; done: () => void; timer: NodeJS.Timeout | undefined } | undefined
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
    while (this.running || this.scheduled || !this.last) await (this.running ?? this.refreshSoon(0))
    return this.last
  }

  onUpdate(listener: (state: LiveState, changed: string[]) => void): void {
    this.listeners.push(listener)
  }

  /** A file under the content folder changed: check again shortly (an editor's save can be several writes). */
  fileChanged(file: string): void {
    this.changed.push(file)
    void this.refreshSoon(30)
  }

  /** One refresh for every change within `ms`; resolves when it has run. */
  private refreshSoon(ms: number): Promise<unknown> {
    if (!this.scheduled) {
      let done!: () => void
      const promise = new Promise<void>((resolve) => (done = resolve))
      this.scheduled = { promise, done, timer: undefined }
    }
    const scheduled = this.scheduled
    clearTimeout(scheduled.timer)
    scheduled.timer = setTimeout(() => {
      this.scheduled = undefined
      // A change made during a check is checked after it.
      void (async () => {
        while (this.running) await this.running
        await this.refresh()
      })().finally(scheduled.done)
    }, ms)
    return scheduled.promise
  }

  private async refresh(): Promise<LiveState> {
    const started = performance.now()
    const changed = this.changed.splice(0)
    this.running = (async () => {
      try {
        const [result, manifest] = await Promise.all([checkContent({ dir: this.dir, cacheFile: this.cacheFile }), this.images.update()])
        replaceImageManifest(manifest)
        if (result.content) {
          replaceContent(result.content)
          this.onValid(result)
        }
        return { result, ms: Math.round(performance.now() - started) }
      } catch (error) {
        // Not a content mistake (a file that cannot be read, say): shown like one, so the preview keeps running.
        const problem = { file: this.dir, field: '', message: `The content could not be checked: ${(error as Error).message}` }
        return { result: { content: undefined, problems: [problem], errors: [problem], warnings: [] }, ms: Math.round(performance.now() - started) }
      }
    })()
    try {
      this.last = await this.running
    } finally {
      this.running = undefined
    }
    for (const listener of this.listeners) listener(this.last, changed)
    return this.last
  }
}
