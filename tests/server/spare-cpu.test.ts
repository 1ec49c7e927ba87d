// The gate that holds mail delivery back while the cores are busy (server/spare-cpu.ts), on a
// scripted clock and scripted CPU counters, and the outbox worker asking it before each message.
import { describe, expect, it } from 'vitest'
import { loadConfig, ConfigError } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import type { MailSender } from '../../server/mail.ts'
import { OutboxWorker, type DeliveryGate, type OutboxQueue } from '../../server/outbox.ts'
import { readCpuSample, SpareCpu, spareCores, type CpuSample } from '../../server/spare-cpu.ts'
import type { OutboxMessage } from '../../server/store/index.ts'

/** A machine of `cores` cores whose idle and own-thread share over each 100 ms is scripted. */
function scriptedMachine(cores: number, shareAt: (ms: number) => { idle: number; own: number }) {
  let now = 0
  let sample: CpuSample = { at: 0, idle: 0, total: 0, thread: 0 }
  // Advances in 10 ms ticks, as /proc counts: each tick adds `cores` ticks, split as scripted.
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 10) {
      const { idle, own } = shareAt(now)
      now += 10
      sample = {
        at: now,
        total: sample.total + cores,
        idle: sample.idle + idle * cores,
        thread: sample.thread + own * cores,
      }
    }
  }
  const gate = new SpareCpu(
    { minSpareCores: 0.5, windowMs: 100, maxWaitMs: 1000 },
    cores,
    () => sample,
    () => now,
  )
  const pause = async (ms: number) => advance(Math.ceil(ms / 10) * 10)
  return { gate, pause, advance, now: () => now }
}

describe('spare CPU', () => {
  it("counts the cores' idle time and this thread's own as spare", () => {
    const before: CpuSample = { at: 0, idle: 100, total: 1000, thread: 50 }
    // Two cores, 200 ticks: 20 idle, 80 this thread's.
    expect(spareCores(before, { at: 100, idle: 120, total: 1200, thread: 130 }, 2)).toBeCloseTo(1)
    expect(spareCores(before, { at: 100, idle: 110, total: 1200, thread: 50 }, 2)).toBeCloseTo(0.1)
  })

  it('lets work go at once on an idle machine, and again within the same window', async () => {
    const m = scriptedMachine(2, () => ({ idle: 0.9, own: 0 }))
    await m.gate.wait(m.pause, () => false)
    m.advance(150)
    await m.gate.wait(m.pause, () => false)
    const at = m.now()
    await m.gate.wait(m.pause, () => false)
    expect(m.now()).toBe(at)
  })

  it('holds work back while the cores are busy, and lets it go in the first window with room', async () => {
    // Busy for the first 600 ms, then 60% idle.
    const m = scriptedMachine(2, (ms) => ({ idle: ms < 600 ? 0.05 : 0.6, own: 0 }))
    await m.gate.wait(m.pause, () => false)
    m.advance(100)
    await m.gate.wait(m.pause, () => false)
    // The window from 600 to 700 ms is the first with room.
    expect(m.now()).toBe(700)
  })

  it('still lets one message a second go while the cores stay busy', async () => {
    const m = scriptedMachine(2, () => ({ idle: 0.05, own: 0 }))
    await m.gate.wait(m.pause, () => false)
    m.advance(100)
    const passes: number[] = []
    for (let i = 0; i < 4; i++) {
      await m.gate.wait(m.pause, () => false)
      passes.push(m.now())
    }
    const gaps = passes.slice(1).map((t, i) => t - passes[i]!)
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(1000)
      expect(gap).toBeLessThan(1100)
    }
  })

  it("does not hold itself back: on one core, the delivery's own work counts as spare", async () => {
    const m = scriptedMachine(1, () => ({ idle: 0, own: 0.95 }))
    await m.gate.wait(m.pause, () => false)
    m.advance(100)
    const at = m.now()
    await m.gate.wait(m.pause, () => false)
    expect(m.now()).toBe(at)
  })

  it('stops waiting when the worker stops', async () => {
    const m = scriptedMachine(2, () => ({ idle: 0, own: 0 }))
    await m.gate.wait(m.pause, () => false)
    m.advance(100)
    let stopping = false
    const waited = m.gate.wait(
      async (ms) => {
        await m.pause(ms)
        stopping = true
      },
      () => stopping,
    )
    await waited
    expect(m.now()).toBeLessThan(300)
  })

  it('reads real counters on Linux: the machine advances, and so does a thread that computes', async () => {
    const first = readCpuSample()
    if (process.platform !== 'linux') {
      expect(first).toBeUndefined()
      return
    }
    const end = performance.now() + 60
    let x = 0
    while (performance.now() < end) x += Math.sqrt(x + 1)
    expect(x).toBeGreaterThan(0)
    const second = readCpuSample()!
    expect(second.total).toBeGreaterThan(first!.total)
    expect(second.thread).toBeGreaterThan(first!.thread)
    expect(second.idle).toBeGreaterThanOrEqual(first!.idle)
  })
})

describe('the outbox worker and its gate', () => {
  const message = (id: number): OutboxMessage =>
    ({ id, submissionId: id, attempts: 1, mail: { subject: 's', text: 't', html: 'h' } }) as unknown as OutboxMessage

  function fakeQueue(count: number) {
    const events: string[] = []
    let next = 1
    const queue: OutboxQueue = {
      claimDueMessage: async () => {
        if (next > count) return undefined
        events.push(`claim ${next}`)
        return message(next++)
      },
      renewLease: async () => true,
      markSent: async (id) => void events.push(`sent ${id}`),
      markFailed: async () => {},
      nextDueAt: async () => undefined,
    }
    const sender: MailSender = { description: 'test', send: async () => 'ok', close: () => {} }
    return { events, queue, sender }
  }
  const settings = { retryBaseMs: 10, retryMaxMs: 100, leaseMs: 30_000, pollMs: 50, spareCores: 0.5 }

  it('asks the gate before each message of its background loop', async () => {
    const { events, queue, sender } = fakeQueue(3)
    const gate: DeliveryGate = { wait: async () => void events.push('gate') }
    const worker = new OutboxWorker(queue, sender, settings, createMemoryLogger(), gate)
    worker.start()
    await expect.poll(() => events.filter((e) => e.startsWith('sent')).length).toBe(3)
    await worker.stop()
    expect(events.slice(0, 9)).toEqual(['gate', 'claim 1', 'sent 1', 'gate', 'claim 2', 'sent 2', 'gate', 'claim 3', 'sent 3'])
  })

  it('stops while the gate holds a message back, without sending it', async () => {
    const { events, queue, sender } = fakeQueue(1)
    const gate: DeliveryGate = {
      // Never lets go: only the worker's stop ends the pause.
      wait: async (pause, stopping) => {
        while (!stopping()) await pause(60_000)
      },
    }
    const worker = new OutboxWorker(queue, sender, settings, createMemoryLogger(), gate)
    worker.start()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = performance.now()
    expect(await worker.stop(5000)).toBe(true)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(events).toEqual([])
  })

  it('is not asked by deliverDue, which the admin CLI calls to send everything now', async () => {
    const { events, queue, sender } = fakeQueue(2)
    const gate: DeliveryGate = { wait: async () => void events.push('gate') }
    const worker = new OutboxWorker(queue, sender, settings, createMemoryLogger(), gate)
    expect(await worker.deliverDue()).toEqual({ sent: 2, failed: 0 })
    expect(events).toEqual(['claim 1', 'sent 1', 'claim 2', 'sent 2'])
  })
})

describe('OUTBOX_SPARE_CORES', () => {
  const base = { MAIL_TO: 'Enquiries <enquiries@example.test>', DATA_DIR: '/tmp/x', BUILD_ON_START: 'false' }
  it('is one core unless set; 0 turns the gate off; anything else is refused by name', () => {
    expect(loadConfig(base, '/srv/site').outbox.spareCores).toBe(1)
    expect(loadConfig({ ...base, OUTBOX_SPARE_CORES: '0' }, '/srv/site').outbox.spareCores).toBe(0)
    expect(() => loadConfig({ ...base, OUTBOX_SPARE_CORES: 'half' }, '/srv/site')).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, OUTBOX_SPARE_CORES: 'half' }, '/srv/site')).toThrow(
      /OUTBOX_SPARE_CORES: must be a number of cores, such as 0\.5 or 1/,
    )
  })
})
