// HTML escaping for every page and mail the service writes itself (the inbox's and editor's pages,
// the problem page, the mail bodies): the five characters that can end a text or an attribute.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
