/**
 * Sign-on behind an interface, so a real single sign-on provider can replace the sandbox. The sandbox keeps
 * local accounts (email and scrypt-hashed password) in the application's database.
 */
import type { Database } from '../../storage/index.ts';
import { findUserByEmail, insertUser } from '../../storage/users.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';

/** An account as the provider knows it. */
export interface Identity {
  id: string;
  email: string;
}

/** What the server needs from a sign-on provider. */
export interface IdentityProvider {
  /** Creates an account; `taken` when the email already has one. */
  register(email: string, password: string): Promise<{ ok: true; identity: Identity } | { ok: false; reason: 'taken' }>;
  /** The account for these credentials, or undefined (wrong email or password: the caller cannot tell which). */
  authenticate(email: string, password: string): Promise<Identity | undefined>;
}

/** The built-in sandbox provider over the `users` table. */
export function sandboxIdentityProvider(db: Database): IdentityProvider {
  return {
    async register(email, password) {
      const user = await insertUser(db, email, await hashPassword(password));
      return user ? { ok: true, identity: { id: user.id, email: user.email } } : { ok: false, reason: 'taken' };
    },
    async authenticate(email, password) {
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(password, user?.passwordHash ?? decoyHash);
      return user && ok ? { id: user.id, email: user.email } : undefined;
    },
  };
}
