export { default } from '../_error/+Page.tsx'
