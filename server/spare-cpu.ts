// Background work that yields to visitors: mail delivery on SQLite runs on its own thread, and a
// lower scheduling priority alone does not keep it out of the way, because much of what a delivery
// costs lands on threads at normal priority (the writer's bookkeeping, libuv's file system pool,
// the log). So before each message, the delivery thread asks this gate whether the machine has a
// core's share to spare, the way an idle-priority task would run: measured over the last window,
// the cores' idle time plus what this thread itself used (its own work must not close the gate, or
// it would throttle itself on a one-core machine). While the cores are busy, a message still goes
// at least every `maxWaitMs`: mail waits in the outbox, safely, and never stops.
// Linux only (/proc); elsewhere the gate is always open. In a container held to a CPU quota,
// /proc/stat counts the host's cores: the gate then goes by the host's idle time, not the quota's.
import fs from 'node:fs'

/** CPU time in clock ticks, as /proc counts it. */
export interface CpuSample {
  /** When it was read (ms, monotonic). */
  at: number
  /** Idle ticks (idle + iowait) and all ticks, summed over the machine's cores. */
  idle: number
  total: number
  /** Ticks this thread ran (user + system). */
  thread: number
}

export interface SpareCpuOptions {
  /** Spare cores (idle, or used by this thread) needed to go on; 0.5 = half a core. */
  minSpareCores: number
  /** Length of one measurement. /proc counts in 10 ms ticks: 100 ms gives a usable figure. */
  windowMs: number
  /** Longest wait for spare CPU before going anyway. */
  maxWaitMs: number
}

export const SPARE_CPU_DEFAULTS: SpareCpuOptions = { minSpareCores: 1, windowMs: 100, maxWaitMs: 1000 }

/** Reads the machine's and this thread's CPU time; undefined where /proc is not there. */
export function readCpuSample(now = performance.now()): CpuSample | undefined {
  try {
    const machine = fs.readFileSync('/proc/stat', 'latin1')
    const fields = machine.slice(0, machine.indexOf('\n')).trim().split(/\s+/).slice(1, 9).map(Number)
    // user nice system idle iowait irq softirq steal
    const total = fields.reduce((sum, n) => sum + n, 0)
    const idle = fields[3]! + fields[4]!
    const thread = fs.readFileSync('/proc/thread-self/stat', 'latin1')
    // Fields after the command name (which may hold spaces), from field 3: utime is 14, stime 15.
    const after = thread.slice(thread.lastIndexOf(')') + 2).split(' ')
    return { at: now, idle, total, thread: Number(after[11]) + Number(after[12]) }
  } catch {
    return undefined
  }
}

/** Spare cores between two samples: the machine's idle share plus this thread's, in cores. */
export function spareCores(before: CpuSample, after: CpuSample, cores: number): number {
  const total = after.total - before.total
  if (total <= 0) return cores
  return (cores * (after.idle - before.idle + (after.thread - before.thread))) / total
}

export class SpareCpu {
  private last: CpuSample | undefined
  private spare = true
  private lastPassAt = -Infinity

  constructor(
    private readonly options: SpareCpuOptions = SPARE_CPU_DEFAULTS,
    private readonly cores: number,
    private readonly sample: (now: number) => CpuSample | undefined = readCpuSample,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Resolves when the last full window had spare CPU, at most `maxWaitMs` after the previous
   * pass, or at once if `stopping()`. `pause(ms)` waits (and returns early when stopping).
   */
  async wait(pause: (ms: number) => Promise<void>, stopping: () => boolean): Promise<void> {
    for (;;) {
      this.measure()
      const now = this.now()
      if (this.spare || stopping() || now - this.lastPassAt >= this.options.maxWaitMs) {
        this.lastPassAt = now
        return
      }
      const windowEnds = (this.last?.at ?? now) + this.options.windowMs
      await pause(Math.max(1, Math.min(windowEnds, this.lastPassAt + this.options.maxWaitMs) - now))
    }
  }

  /** Closes a window once it is long enough; until then the last verdict stands. */
  private measure(): void {
    const current = this.sample(this.now())
    if (!current) {
      this.spare = true
      return
    }
    if (!this.last) {
      this.last = current
      return
    }
    if (current.at - this.last.at < this.options.windowMs) return
    // A window far longer than asked (the queue was empty meanwhile) says nothing about now.
    if (current.at - this.last.at <= 3 * this.options.windowMs)
      this.spare = spareCores(this.last, current, this.cores) >= this.options.minSpareCores
    else this.spare = true
    this.last = current
  }
}
