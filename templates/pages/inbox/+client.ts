// Renders the inbox into the shell; the shell has no data of its own, so this is a render, not a hydration.
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { InboxApp } from '../../inbox/InboxApp.tsx'

const root = document.getElementById('inbox-root')
if (root) createRoot(root).render(createElement(InboxApp))
