import { tvEndpoints } from '../../common/endpoints/tv';
import { clientOf } from '../lib/api-client';

/**
 * The TV page's calls, of the TV table alone (the page is its own small entry); failures are ApiErrors
 * with the server's code and fields.
 */
export const tv = clientOf(tvEndpoints);
