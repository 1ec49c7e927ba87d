// Every address of the site's content pages, of every kind and language, not only the home page's:
// Vike routes each one to its page (templates/lib/routing.ts), so the page kinds need no list each.
import { everyAddress } from '../../lib/routing.ts'

export default everyAddress
