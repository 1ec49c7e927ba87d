export { onRenderInboxHtml as default } from '../../admin/renderInboxHtml.tsx'
