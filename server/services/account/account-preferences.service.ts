import type { Language } from '../../../common/constants';
import type { Executor } from '../../repositories/executor';
import { usersRepository } from '../../repositories/users.repository';

/** What a signed-in user chooses for themselves outside their profile: the language they are written to in. */
export function accountPreferencesService(deps: { db: Executor }) {
  const users = usersRepository(deps.db);
  return {
    /** Mail, SMS and notices to the user follow the language they last chose in the app. */
    async setLanguage(userId: string, language: Language): Promise<{ status: true }> {
      await users.setLanguage(userId, language);
      return { status: true };
    },
  };
}
