import { Counter } from '../../islands/Counter'
export default function Page() {
  return <main><h1>Home</h1><div data-island="Counter" data-props={JSON.stringify({ start: 3 })}><Counter start={3} /></div></main>
}
