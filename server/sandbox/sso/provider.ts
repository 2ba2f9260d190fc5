/**
 * Sign-on behind an interface, so a real single sign-on provider can replace the sandbox. The sandbox keeps
 * local accounts (email and scrypt-hashed password) in the application's database.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../storage/index.ts';
import { insertPendingRegistration, takePendingRegistration } from '../../storage/registrations.ts';
import { findUserByEmail, insertUser } from '../../storage/users.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';

/** An account as the provider knows it. */
export interface Identity {
  id: string;
  email: string;
}

/** How long the link that confirms a new address works. */
export const registrationTtlMs = 24 * 60 * 60 * 1000;

/** What the server needs from a sign-on provider. */
export interface IdentityProvider {
  /**
   * Starts creating an account that only the holder of the address can finish (issue 23: registration does not tell
   * whether an address has an account): for a new address, the one-time token of the link to email it; `taken` when
   * the address has an account. Both take the time of hashing the password. `registrationHash` identifies the
   * registering browser (its pending-registration cookie, hashed).
   */
  startRegistration(
    email: string,
    password: string,
    registrationHash: string,
  ): Promise<{ ok: true; token: string } | { ok: false; reason: 'taken' }>;
  /**
   * Creates the account a confirmation token stands for, once, with the browser that registered it; undefined when
   * the token is unknown, used or expired, or the address got an account since.
   */
  confirmRegistration(token: string): Promise<{ identity: Identity; registrationHash: string } | undefined>;
  /** The account for these credentials, or undefined (wrong email or password: the caller cannot tell which). */
  authenticate(email: string, password: string): Promise<Identity | undefined>;
}

/** The built-in sandbox provider over the `users` and `pending_registrations` tables. */
export function sandboxIdentityProvider(db: Database): IdentityProvider {
  return {
    async startRegistration(email, password, registrationHash) {
      const passwordHash = await hashPassword(password);
      if (await findUserByEmail(db, email)) return { ok: false, reason: 'taken' };
      const token = randomBytes(32).toString('base64url');
      await insertPendingRegistration(db, { token, email, passwordHash, registrationHash, ttlMs: registrationTtlMs });
      return { ok: true, token };
    },
    async confirmRegistration(token) {
      return db.transaction(async (tx) => {
        const pending = await takePendingRegistration(tx, token);
        if (!pending) return undefined;
        const user = await insertUser(tx, pending.email, pending.passwordHash);
        return user
          ? { identity: { id: user.id, email: user.email }, registrationHash: pending.registrationHash }
          : undefined;
      });
    },
    async authenticate(email, password) {
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(password, user?.passwordHash ?? decoyHash);
      return user && ok ? { id: user.id, email: user.email } : undefined;
    },
  };
}
