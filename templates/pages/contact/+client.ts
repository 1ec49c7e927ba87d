import { ContactForm } from '../../components/forms/ContactForm.tsx'
import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({ ContactForm })
