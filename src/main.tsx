import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '@/app/router';
import { syncSessionToQueryCache } from '@/features/auth/api/sync-session';
import { queryClient } from '@/shared/query/query-client';
import './app/styles.css';

const router = createAppRouter(queryClient);
syncSessionToQueryCache(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
