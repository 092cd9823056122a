import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * better-auth's own scrypt, remembered: the same password gets the hash first made for it, and a hash and
 * password pair the verdict first given. The suite signs up and in some thousands of users with one
 * password, each sign-up and sign-in costing 100 ms of a core for scrypt's 32 MB; remembered, the suite
 * computes a handful. The answers are scrypt's own; what differs is that users share a salt, which no test
 * looks at. A test that measures answer times takes the real thing (`steadyAuthAnswers`), where a remembered
 * hash would answer faster than a computed one.
 */
const hashes = new Map<string, Promise<string>>();
const verdicts = new Map<string, Promise<boolean>>();

function remembered<T>(cache: Map<string, Promise<T>>, key: string, compute: () => Promise<T>) {
  let value = cache.get(key);
  if (!value) {
    value = compute();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

export const rememberedPasswordHashing = {
  hash: (password: string) => remembered(hashes, password, () => hashPassword(password)),
  verify: ({ hash, password }: { hash: string; password: string }) =>
    remembered(verdicts, `${hash}\n${password}`, () => verifyPassword({ hash, password })),
};
