import { hash, verify, type Algorithm } from "@node-rs/argon2";

/**
 * argon2id at OWASP's minimum (Password Storage Cheat Sheet): 19 MiB memory,
 * two passes, one lane. The parameters travel inside each hash, so raising
 * them later still verifies old hashes.
 */
export const ARGON2_OPTIONS = {
  // Algorithm is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash to verify against when the account does not exist or has no
 * password, so "no such account" takes as long as "wrong password".
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword("no account has this password");
  return dummy;
}
