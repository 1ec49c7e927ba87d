// A free TCP port on this machine, for a process that must be told its port before it starts (a
// service in a child process, an origin baked into a build). In-process servers listen on port 0.
import net from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
