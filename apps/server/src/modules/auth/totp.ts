import * as OTPAuth from 'otpauth';

const ISSUER = 'Alpenkube';
const PERIOD_SECONDS = 30;

function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(label: string) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, otpauthUri: totpFor(secret, label).toString() };
}

/**
 * The time step a code belongs to (one step of clock drift either way), or null. Callers keep
 * the last accepted step so that a code seen once cannot be replayed.
 */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secretBase32, 'check').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
