/**
 * Makes the journeys' seeded data directory (tests/e2e/global-setup.ts) with a server built for it alone,
 * so that `npm test` can make it beside the web build instead of after it; prints `template: <directory>`.
 *
 *   node --import tsx scripts/journey-template.ts <folder for the server's build>
 */
import path from 'node:path';
import { makeJourneyTemplate } from '../tests/e2e/global-setup';

const serverDir = process.argv[2];
if (!serverDir) throw new Error('usage: journey-template.ts <folder for the server build>');
console.log(`template: ${await makeJourneyTemplate(path.join(serverDir, 'main.js'))}`);
