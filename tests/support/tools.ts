// A suite that needs a tool of the machine (nginx, rsync, systemd-analyze) skips those tests where it
// is not installed, and says so in the run's output: which tool, what it skips, how to install it.
// A skip that says nothing reads as a pass.
import { execFileSync } from 'node:child_process'

const said = new Set<string>()

export interface Tool {
  /** The command, as run (a name on PATH or a path). */
  command: string
  /** Arguments that make it print its version and exit 0. */
  versionArgs: string[]
  /** How to install it on Debian. */
  install: string
}

/** True when `tool` runs here; otherwise warns, once per tool in this file's run, that `skipped` is skipped. */
export function toolInstalled(tool: Tool, skipped: string): boolean {
  try {
    execFileSync(tool.command, tool.versionArgs, { stdio: 'ignore' })
    return true
  } catch {
    if (!said.has(tool.command)) {
      said.add(tool.command)
      console.warn(`SKIPPED: ${tool.command} is not installed, so ${skipped} did not run (${tool.install})`)
    }
    return false
  }
}
