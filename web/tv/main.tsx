import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './tv-i18n';
import { createRoot } from 'react-dom/client';
import { TvApp } from './tv-app';

// The TV page (SPEC 2.7): its own small entry, so a TV hostname never loads the main app.
createRoot(document.getElementById('root')!).render(<TvApp />);
