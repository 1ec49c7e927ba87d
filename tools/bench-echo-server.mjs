// The baseline of `npm run bench:server` and `npm run bench:stores`: a bare Express 5 app that parses
// a JSON body posted to any path and echoes it back, with nothing else (no headers, limits,
// validation, storage or logs). Plain node.
import express from 'express'

const app = express()
app.post('/{*path}', express.json(), (req, res) => {
  res.json(req.body)
})
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  process.stdout.write(`${JSON.stringify({ msg: 'echo listening', url: `http://127.0.0.1:${port}` })}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
