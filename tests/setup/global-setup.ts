// The one way a global setup of vitest.config.ts is written: `export default globalSetup(async (project)
// => { ...; return teardown })`. Vitest 4 prints an error thrown by a global setup's teardown ("error
// during close") and still exits 0, so a run whose server, browser or database did not stop, or whose
// server logged errors, would pass CI (docs/testing.md, "The exit status"). The teardown here sets the
// failed status first, then throws as before.
import type { TestProject } from 'vitest/node'

type Teardown = () => unknown
type Setup = (project: TestProject) => Promise<Teardown | undefined> | Teardown | undefined

const wrapped = new WeakSet<object>()

export function globalSetup(setup: Setup): (project: TestProject) => Promise<Teardown | undefined> {
  const checked = async (project: TestProject) => {
    const teardown = await setup(project)
    if (!teardown) return undefined
    return async () => {
      try {
        await teardown()
      } catch (error) {
        process.exitCode = 1
        throw error
      }
    }
  }
  wrapped.add(checked)
  return checked
}

/** True for a setup made by globalSetup (tests/unit/project/exit-status.test.ts checks every one is). */
export function isCheckedGlobalSetup(setup: unknown): boolean {
  return typeof setup === 'function' && wrapped.has(setup)
}
