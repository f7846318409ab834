import '@/styles/index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { AppProviders } from '@/app/AppProviders'
import { createAppRouter } from '@/app/router'
import { startBookCardRequest } from '@/lib/early-book-card'

// A book page's data is on its way while the page's code downloads.
startBookCardRequest(window.location.pathname)

const container = document.getElementById('root')
if (!container) throw new Error('index.html lacks the #root element')

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
)
