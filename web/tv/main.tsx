import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { TvApp } from './tv-app';
import { startTvTexts } from './tv-i18n';

// The TV page (SPEC 2.7): its own small entry, so a TV hostname never loads the main app.
// The first paint waits for the language's texts (one small file), so no key ever shows.
void startTvTexts().then(() => createRoot(document.getElementById('root')!).render(<TvApp />));
