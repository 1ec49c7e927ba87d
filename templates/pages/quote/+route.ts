import { routeTo } from '../../lib/routing.ts'

export default routeTo('quote')
