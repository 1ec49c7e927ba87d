// The layers of the code, checked by `npm run lint` (dependency-cruiser, after Biome). Imports point
// down only:
//
//   project  ←  model  ←  templates  ←  renderer        (forms: shared by templates and server)
//
// - project/ (paths, manifest formats, shared contracts) imports nothing of ours;
// - model/ (the content model, its loader and checks) imports only project/; content/ holds no code;
// - forms/ (the request contract) imports only project/;
// - templates/ import model/, forms/ and project/; renderer/ (Vike's shell) may import templates/ too;
// - server/ never imports the pages (templates/, renderer/), the content loader (model/) or the
//   build, preview and tools (build/, dev/, tools/): it serves what the build made;
// - code that runs in the browser never reaches a server module, however indirectly;
// - no import cycles anywhere.
// README.md's map of the folders says what each one holds.

/** A path rule for top-level folders, e.g. folders('model', 'forms') → ^(model|forms)/ */
const folders = (...names) => `^(${names.join('|')})/`
const OURS = ['project', 'model', 'content', 'forms', 'templates', 'renderer', 'server', 'editor', 'build', 'dev', 'tools']

/** A folder that may import only itself and the folders listed. */
const layer = (name, mayImport) => ({
  name: `${name}-imports-only-${mayImport.length > 0 ? mayImport.join('-') : 'itself'}`,
  comment: `${name}/ may import ${mayImport.length > 0 ? `only ${mayImport.join('/, ')}/` : 'nothing of ours'} (see the top of .dependency-cruiser.cjs)`,
  severity: 'error',
  from: { path: folders(name) },
  to: { path: folders(...OURS), pathNot: folders(name, ...mayImport) },
})

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Modules that import each other, directly or round a circle: split out what both need',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer('project', []),
    layer('model', ['project']),
    layer('forms', ['project']),
    layer('templates', ['model', 'forms', 'project']),
    layer('renderer', ['templates', 'model', 'forms', 'project']),
    {
      name: 'server-not-to-pages-content-or-build',
      comment: 'server/ serves what the build made: it never imports the pages, the content loader, or build, preview and tool code',
      severity: 'error',
      from: { path: folders('server') },
      to: { path: folders('templates', 'renderer', 'model', 'content', 'build', 'dev', 'tools') },
    },
    {
      name: 'tests-not-to-tools',
      comment:
        'Tests use the project and tests/support/, not tools/ (one-off scripts); only the tests of a tool import it. tools/local-postgres.ts is still shared with the server tests',
      severity: 'error',
      from: { path: '^tests/', pathNot: '^tests/unit/(artwork/|compare-english-pages[.]test[.]ts$)' },
      to: { path: '^tools/', pathNot: '^tools/local-postgres[.]ts$' },
    },
    {
      name: 'browser-not-to-server',
      comment: 'Code the browser runs (a page’s +client.ts and what it hydrates, the editor page’s script) never reaches server/',
      severity: 'error',
      from: { path: ['^templates/pages/[^/]+/\\+client\\.tsx?$', '^templates/islands/', '^editor/cms-setup\\.ts$'] },
      to: { path: folders('server'), reachable: true },
    },
  ],
  options: {
    // Our code and its tests; not node_modules, builds or caches.
    includeOnly: `${folders(...OURS, 'tests')}|^vite[.]`,
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a browser module typed from a server module still ties the two together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
}
