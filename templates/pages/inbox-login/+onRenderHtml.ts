export { onRenderInboxHtml as default } from '../../inbox/renderInboxHtml.tsx'
