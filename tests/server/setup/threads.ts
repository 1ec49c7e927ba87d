// Before each server test file: the stores it starts from source run the threads compiled for this
// run (tests/server/setup.ts), as production runs its compiled ones.
import { inject } from 'vitest'
import { useCompiledThreads } from '../../../server/store/sqlite-writer.ts'

useCompiledThreads(inject('serviceThreadsDir'))
