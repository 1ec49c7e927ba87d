// A piece of work the service repeats in the background (the digest, the reminders, the retention
// rules): run at start, then again `everyMs` after each run ends, never two at once. A failed run
// is reported and the next one goes ahead; stop() waits for a run in progress. The timer does not
// keep the process alive.

export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = true

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false
    this.schedule(0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
  }

  /** Whether stop() was called: a long run may end early. */
  get isStopped(): boolean {
    return this.stopped
  }

  private schedule(ms: number): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.running = this.run().then(() => undefined, this.onError)
      this.running.finally(() => this.schedule(this.everyMs))
    }, ms)
    this.timer.unref()
  }
}
