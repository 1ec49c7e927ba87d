// `hash-password`: the line to set as INBOX_PASSWORD_HASH, from a password typed (never shown) or piped in.
import { hashPassword, MIN_PASSWORD_LENGTH } from '../inbox/password.ts'
import type { CliIo } from './command.ts'

/** Reads the new inbox password from the terminal without showing it (or one line from a pipe),
 * and prints its scrypt hash for INBOX_PASSWORD_HASH. */
export async function hashPasswordCommand(io: CliIo & { in?: NodeJS.ReadableStream }): Promise<number> {
  const input = (io.in ?? process.stdin) as NodeJS.ReadStream
  const ask = (prompt: string) => readSecret(input, io.err, prompt)
  const password = await ask('New inbox password: ')
  if (password === undefined) {
    io.err.write('No password given.\n')
    return 1
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    io.err.write(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.\n`)
    return 1
  }
  if (input.isTTY) {
    const again = await ask('The same password again: ')
    if (again !== password) {
      io.err.write('The two passwords differ; nothing was printed.\n')
      return 1
    }
  }
  io.out.write(`${await hashPassword(password)}\n`)
  if (input.isTTY) io.err.write("Set this line as INBOX_PASSWORD_HASH in the server's environment (it is not the password).\n")
  return 0
}

/** One line from `input`; on a terminal, typed with echo off (raw mode), so it never shows. */
function readSecret(input: NodeJS.ReadStream, prompt: NodeJS.WritableStream, question: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let text = ''
    const tty = Boolean(input.isTTY)
    if (tty) {
      // Echo off before the question shows: what is typed the moment it appears is never echoed.
      input.setRawMode(true)
      prompt.write(question)
    }
    input.setEncoding('utf8')
    const finish = (value: string | undefined) => {
      input.off('data', onData)
      input.off('end', onEnd)
      input.off('error', onError)
      if (tty) {
        input.setRawMode(false)
        prompt.write('\n')
      }
      input.pause()
      resolve(value)
    }
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') return finish(text)
        if (c === '\u0003' || c === '\u0004') return finish(undefined) // Ctrl-C, Ctrl-D
        if (c === '\u007f' || c === '\b') text = text.slice(0, -1)
        else text += c
      }
    }
    const onEnd = () => finish(text === '' ? undefined : text)
    const onError = (error: Error) => reject(error)
    input.on('data', onData)
    input.once('end', onEnd)
    input.once('error', onError)
    input.resume()
  })
}
