// How many test files vitest runs at once (the unit and server projects): two even on two cores,
// where vitest's default is one, because the files mostly wait on what they start (servers, child
// processes, SMTP, PostgreSQL): one file uses about two thirds of a core.
import { availableParallelism } from 'node:os'

export const FILE_WORKERS = Math.max(2, availableParallelism() - 1)
