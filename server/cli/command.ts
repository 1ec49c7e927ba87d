// What every command of the admin CLI is given and returns: its options (node:util parseArgs),
// and a run over the store the configuration names; main.ts parses, configures, opens and closes.
import type { ParseArgsConfig } from 'node:util'
import type { Config } from '../config.ts'
import type { EnquiryStore } from '../store/index.ts'

export const text = { type: 'string' } as const
export const flag = { type: 'boolean' } as const

export interface CliIo {
  out: NodeJS.WritableStream
  err: NodeJS.WritableStream
  env: NodeJS.ProcessEnv
}

export interface CommandContext {
  config: Config
  positional: string[]
  flags: Record<string, string | boolean | undefined>
  io: CliIo
  print(line?: string): void
  /** Writes the message to standard error; returns the exit code 1. */
  fail(message: string): number
}

export interface Command {
  /** The command's options; anything else is refused with the usage. */
  options: ParseArgsConfig['options']
  /** Runs before the store is opened: an exit code ends the command there. */
  before?(context: CommandContext): number | undefined | Promise<number | undefined>
  run(context: CommandContext & { store: EnquiryStore }): Promise<number>
}
