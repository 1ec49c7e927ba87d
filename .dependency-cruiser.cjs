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
// - inside server/, by feature: enquiries/ (the route that takes an enquiry) stores it with its mail
//   queued and never reaches delivery/ (outbox, mail, webhooks, digest), which runs without HTTP
//   (the CLI's retry too) and so never imports http/, inbox/, editor/; store/ (all SQL) imports
//   no feature's runtime; no feature imports the wiring (start.ts, main.ts, reload.ts,
//   http/app.ts) or the CLI (cli/); the inbox and the editor do not import each other;
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

/** A folder of server/ that may not import the server folders listed. */
const serverRule = (name, comment, from, notTo) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^server/${from}/` },
  to: { path: `^server/(${notTo.join('|')})/` },
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
    serverRule(
      'server-enquiries-not-to-delivery',
      'enquiries/ stores an enquiry with its mail queued; delivery/ sends it later, so the route never imports it',
      'enquiries',
      ['delivery', 'inbox', 'editor', 'cli'],
    ),
    serverRule(
      'server-delivery-runs-without-http',
      'delivery/ runs in the outbox worker and the CLI, without HTTP: never http/, inbox/, editor/ or cli/',
      'delivery',
      ['http', 'inbox', 'editor', 'cli'],
    ),
    serverRule('server-inbox-not-to-editor', 'the inbox and the editor are separate features', 'inbox', ['editor', 'cli']),
    serverRule('server-editor-not-to-inbox', 'the inbox and the editor are separate features', 'editor', [
      'inbox',
      'cli',
      'enquiries',
      'delivery',
      'store',
    ]),
    {
      name: 'server-store-not-to-features',
      comment:
        'server/store/ holds the SQL: it never imports the HTTP layer, a feature’s runtime (submit, outbox, mail, webhooks, digest), the inbox, the editor or the CLI',
      severity: 'error',
      from: { path: '^server/store/' },
      to: {
        path: [
          '^server/(http|inbox|editor|cli)/',
          '^server/(start|main|reload)[.]ts$',
          '^server/enquiries/submit[.]ts$',
          '^server/delivery/(outbox|mail|webhooks|digest)[.]ts$',
        ],
      },
    },
    {
      name: 'server-features-not-to-wiring',
      comment:
        'start.ts, main.ts, reload.ts and http/app.ts wire the features together; no feature imports them, and only the CLI imports cli/',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/(cli/|start[.]ts$|main[.]ts$|reload[.]ts$)' },
      to: { path: ['^server/(start|main|reload)[.]ts$', '^server/http/app[.]ts$', '^server/cli/'] },
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
