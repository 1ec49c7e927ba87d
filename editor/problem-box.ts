// A box along the bottom of the editor for what stops the site from being built or published: the live
// preview's content problems (editor/cms-setup.ts) or a pull request's failed content check
// (editor/pull-request-check.ts). Read out by screen readers as it appears.
export interface ProblemBox {
  /** Shows the text, or hides the box. */
  show(text: string | undefined): void
}

export function problemBox(id: string): ProblemBox {
  const box = document.createElement('div')
  box.setAttribute('role', 'alert')
  box.id = id
  box.style.cssText =
    'position:fixed;z-index:1000;left:0;right:0;bottom:0;max-height:40vh;overflow:auto;background:#fff4f4;color:#5c0000;border-top:3px solid #b00020;padding:12px 20px;font:14px/1.5 system-ui,sans-serif;white-space:pre-wrap;display:none'
  document.body.append(box)
  return {
    show(text) {
      if (box.textContent !== (text ?? '')) box.textContent = text ?? ''
      box.style.display = text ? 'block' : 'none'
    },
  }
}
