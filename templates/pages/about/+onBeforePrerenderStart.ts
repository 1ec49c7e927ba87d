import { prerenderUrls } from '../../lib/routing.ts'

export default () => prerenderUrls('about')
