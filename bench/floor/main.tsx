/**
 * The bundle floor (bench/bundle.ts): the least an app on the same React, TanStack Query and
 * React Router can ship. A QueryClient, a data router with one route, rendered. Built in a
 * temporary directory with the project's Vite and React plugin, never served.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { RouterProvider, createBrowserRouter } from 'react-router-dom'

function Home() {
  const greeting = useQuery({ queryKey: ['greeting'], queryFn: () => 'Hello' })
  return <h1>{greeting.data ?? '…'}</h1>
}

const queryClient = new QueryClient()
const router = createBrowserRouter([{ path: '/', element: <Home /> }])

const container = document.getElementById('root')
if (container === null) throw new Error('no #root element')

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
