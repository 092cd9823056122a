import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './lib/i18n';

// The first paint waits for the language's texts (one small file), so no key ever shows.
void i18nReady.then(() => createRoot(document.getElementById('root')!).render(<App />));
