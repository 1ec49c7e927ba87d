// Password checks a few at a time. An scrypt check takes a quarter of a second of a core and 128 MiB,
// and runs on libuv's thread pool, which file access shares: a flood of wrong passwords queued there
// without a bound held everything else up (the owner's own login waited 25 s, and mail written to
// .eml files stopped). Checks beyond `running` wait in a short queue, best priority first. When it is
// full, one of the worst priority is turned away (PasswordQueueFull: 503, Retry-After): the one that
// has waited longest, as under overload it is the likeliest to be given up on already, and to be
// part of the wave that filled the queue; someone who comes later (the owner) gets a place.

export class PasswordQueueFull extends Error {
  constructor() {
    super('too many password checks waiting')
    this.name = 'PasswordQueueFull'
  }
}

interface Waiting {
  priority: number
  start(): void
  refuse(error: Error): void
}

export class PasswordQueue {
  private active = 0
  /** Ordered by priority (lower first), then by arrival. */
  private readonly waiting: Waiting[] = []

  constructor(
    private readonly running: number,
    private readonly queueLength: number,
  ) {}

  /** Runs `check` when a place is free; rejects with PasswordQueueFull if it is turned away first. */
  async run<T>(priority: number, check: () => Promise<T>): Promise<T> {
    if (this.active < this.running) this.active++
    // A finished check hands its place straight to the next one waiting (start), so `active` holds.
    else await this.wait(priority)
    try {
      return await check()
    } finally {
      const next = this.waiting.shift()
      if (next) next.start()
      else this.active--
    }
  }

  private wait(priority: number): Promise<void> {
    return new Promise((start, refuse) => {
      const behind = this.waiting.findIndex((w) => w.priority > priority)
      this.waiting.splice(behind === -1 ? this.waiting.length : behind, 0, { priority, start, refuse })
      if (this.waiting.length > this.queueLength) {
        const worst = this.waiting.at(-1)!.priority
        const [longest] = this.waiting.splice(
          this.waiting.findIndex((w) => w.priority === worst),
          1,
        )
        longest!.refuse(new PasswordQueueFull())
      }
    })
  }
}
