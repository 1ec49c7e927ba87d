export default function Page() { return <main><h1>About</h1></main> }
