import { PageHero } from '../../components/PageHero.tsx'
import type { Data } from './+data.ts'
import '../../styles/prose.css'

/**
 * Shown when a form sent without JavaScript has mistakes. The server answers with this page and
 * puts the list of problems and a link back to the form in place of the empty marker below.
 */
export default function Page({ page }: Data) {
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} />
      <div className="section">
        <div className="container prose">
          <div data-form-errors="" />
        </div>
      </div>
    </>
  )
}
