import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// One variable Roboto file (43 kB for Latin) serves every weight: three static ones were 69 kB.
import '@fontsource-variable/roboto';
import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/500.css';
import '@fontsource/noto-sans-arabic/700.css';
import { App } from './app/app.tsx';
import { reloadOnFailedChunks } from './lib/chunk-reload.ts';
import { initI18n } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/push.ts';

reloadOnFailedChunks();
initI18n();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
